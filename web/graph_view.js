// The Graph tab: the nodes and relationships of a result (every row's "graph" merged)
// drawn with Cytoscape.js. Double-clicking a node adds its neighbours; clicking one
// shows its properties beside the picture. window.quiverGraph is the Cytoscape instance
// (the tests count its nodes and edges).

import { rawInteger } from './api.js';
import { formatValue } from './values.js';

// Readable with dark text on them, and far enough apart to tell labels apart.
const PALETTE = [
  '#68bdf6', '#6dce9e', '#ff9d8a', '#de9bf9', '#fb95af', '#ffd86e', '#f7b267', '#9ec5fe', '#b1e09b',
  '#c9b6f2', '#8dd3c7', '#e6c9a8',
];
const NO_LABEL = '#c5cad3';

const EXPAND = 'MATCH (n)-[r]-(m) WHERE id(n) = $id RETURN r, m LIMIT 100';
const FETCH_NODES = 'MATCH (n) WHERE id(n) IN $ids RETURN n';

export function caption(node) {
  const p = node.properties || {};
  for (const key of ['name', 'title', 'id']) {
    if (p[key] !== undefined && p[key] !== null) {
      const text = typeof p[key] === 'string' ? p[key] : formatValue(p[key]);
      return text.length > 24 ? text.slice(0, 23) + '…' : text;
    }
  }
  return node.labels?.[0] ?? `#${node.id}`;
}

export class GraphView {
  // parts: {canvas, legend, counts, note, details}; options: {api, maxNodes(), onMessage(text)}
  constructor(parts, options) {
    this.parts = parts;
    this.options = options;
    this.colors = new Map();
    this.nodes = new Map();  // every node the result named, drawn or not: id -> node
    this.relationships = new Map();
    this.cy = null;
    this.available = typeof window.cytoscape === 'function';
    if (!this.available) {
      parts.canvas.classList.add('graph-missing');
      parts.canvas.textContent =
        'The graph picture needs /vendor/cytoscape.min.js, which did not load (run `npm ci` in web/ and ' +
        'rebuild quiver). The Table and JSON tabs show the result.';
      window.quiverGraph = null;
      return;
    }
    this.cy = window.cytoscape({
      container: parts.canvas,
      style: this.style(),
      minZoom: 0.05,
      maxZoom: 4,
      boxSelectionEnabled: false,
    });
    window.quiverGraph = this.cy;
    this.cy.on('tap', 'node', (e) => this.select(e.target));
    this.cy.on('tap', 'edge', (e) => this.select(e.target));
    this.cy.on('tap', (e) => {
      if (e.target === this.cy) this.select(null);
    });
    this.cy.on('dbltap', 'node', (e) => this.expand(e.target.data('nodeId')));
    this.select(null);
  }

  style() {
    return [
      {
        selector: 'node',
        style: {
          'background-color': 'data(color)',
          'border-width': 2,
          'border-color': 'data(border)',
          label: 'data(caption)',
          color: '#1f2933',
          'font-size': 12,
          'text-valign': 'center',
          'text-halign': 'center',
          'text-wrap': 'wrap',
          'text-max-width': 60,
          width: 58,
          height: 58,
        },
      },
      {
        selector: 'edge',
        style: {
          width: 1.6,
          'line-color': '#a5abb6',
          'target-arrow-color': '#a5abb6',
          'target-arrow-shape': 'triangle',
          'arrow-scale': 1.1,
          'curve-style': 'bezier',
          label: 'data(type)',
          'font-size': 9,
          color: '#52606d',
          'text-rotation': 'autorotate',
          'text-background-color': '#ffffff',
          'text-background-opacity': 0.85,
          'text-background-padding': 1,
        },
      },
      { selector: 'node:selected', style: { 'border-width': 4, 'border-color': '#1d4ed8' } },
      {
        selector: 'edge:selected',
        style: { width: 3, 'line-color': '#1d4ed8', 'target-arrow-color': '#1d4ed8', color: '#1d4ed8' },
      },
    ];
  }

  color(label) {
    if (label === undefined) return NO_LABEL;
    if (!this.colors.has(label)) this.colors.set(label, PALETTE[this.colors.size % PALETTE.length]);
    return this.colors.get(label);
  }

  nodeElement(node) {
    const color = this.color(node.labels?.[0]);
    return {
      group: 'nodes',
      data: {
        id: 'n' + node.id,
        nodeId: String(node.id),
        caption: caption(node),
        color,
        border: shade(color),
        label: node.labels?.[0] ?? '',
      },
    };
  }

  relationshipElement(rel) {
    return {
      group: 'edges',
      data: {
        id: 'r' + rel.id,
        relId: String(rel.id),
        source: 'n' + rel.startNode,
        target: 'n' + rel.endNode,
        type: rel.type,
      },
    };
  }

  clear() {
    this.nodes.clear();
    this.relationships.clear();
    if (this.cy) this.cy.elements().remove();
    this.select(null);
    this.update();
  }

  // Whether a result has anything to draw.
  static hasGraph(result) {
    return (result?.data || []).some((d) => d.graph && (d.graph.nodes.length || d.graph.relationships.length));
  }

  // Draws a result: every row's graph merged; relationships whose end nodes the result
  // does not hold get them fetched (one query), so that no edge hangs in the air.
  async show(result) {
    this.clear();
    for (const item of result.data || []) {
      for (const n of item.graph?.nodes || []) if (!this.nodes.has(n.id)) this.nodes.set(n.id, n);
      for (const r of item.graph?.relationships || []) {
        if (!this.relationships.has(r.id)) this.relationships.set(r.id, r);
      }
    }
    const missing = new Set();
    for (const r of this.relationships.values()) {
      for (const end of [r.startNode, r.endNode]) if (!this.nodes.has(end)) missing.add(end);
    }
    if (missing.size) {
      const room = Math.max(0, this.options.maxNodes() - this.nodes.size);
      const ids = [...missing].slice(0, room);
      if (ids.length) {
        try {
          const json = await this.options.api.commit([
            { statement: FETCH_NODES, parameters: { ids: ids.map(rawInteger) }, resultDataContents: ['graph'] },
          ]);
          for (const item of json.results[0].data) {
            for (const n of item.graph.nodes) if (!this.nodes.has(n.id)) this.nodes.set(n.id, n);
          }
        } catch (e) {
          this.options.onMessage(`Could not fetch the end nodes of relationships: ${e.code || ''} ${e.message}`);
        }
      }
    }
    if (!this.cy) return this.update();
    const cap = this.options.maxNodes();
    const drawn = [...this.nodes.values()].slice(0, cap);
    const ids = new Set(drawn.map((n) => n.id));
    const edges = [...this.relationships.values()].filter((r) => ids.has(r.startNode) && ids.has(r.endNode));
    this.cy.batch(() => {
      this.cy.add(drawn.map((n) => this.nodeElement(n)));
      this.cy.add(edges.map((r) => this.relationshipElement(r)));
    });
    this.layout();
    this.update();
  }

  layout() {
    const n = this.cy.nodes().length;
    if (n === 0) return;
    const options = {
      name: 'cose',
      animate: false,
      randomize: true,
      fit: true,
      padding: 30,
      nodeDimensionsIncludeLabels: false,
      idealEdgeLength: () => 60,
      nodeRepulsion: () => 5000,
      edgeElasticity: () => 80,
      gravity: 0.6,
      // Fewer rounds on big pictures: the page stays responsive and the shape is close.
      numIter: n > 150 ? 400 : 1000,
    };
    this.cy.layout(options).run();
    this.fit();
  }

  fit() {
    if (!this.cy || this.cy.nodes().length === 0) return;
    this.cy.resize();
    this.cy.fit(undefined, 30);
    // A handful of nodes would be blown up to fill the pane.
    if (this.cy.zoom() > 1.4) {
      this.cy.zoom(1.4);
      this.cy.center();
    }
  }

  // Adds a node's neighbours around it; what is already drawn stays where the user put it.
  async expand(nodeId) {
    if (!this.cy) return;
    const center = this.cy.getElementById('n' + nodeId);
    let json;
    try {
      json = await this.options.api.commit([
        { statement: EXPAND, parameters: { id: rawInteger(nodeId) }, resultDataContents: ['graph'] },
      ]);
    } catch (e) {
      this.options.onMessage(`Expanding node ${nodeId} failed: ${e.code || ''} ${e.message}`);
      return;
    }
    const cap = this.options.maxNodes();
    const newNodes = [];
    const newRels = [];
    for (const item of json.results[0].data) {
      for (const n of item.graph.nodes) {
        if (!this.nodes.has(n.id)) this.nodes.set(n.id, n);
        if (this.cy.getElementById('n' + n.id).empty() && !newNodes.includes(n) && this.cy.nodes().length + newNodes.length < cap) {
          newNodes.push(n);
        }
      }
      for (const r of item.graph.relationships) if (!this.relationships.has(r.id)) this.relationships.set(r.id, r);
    }
    const drawnIds = new Set([...this.cy.nodes().map((n) => n.data('nodeId')), ...newNodes.map((n) => n.id)]);
    for (const r of this.relationships.values()) {
      if (this.cy.getElementById('r' + r.id).empty() && drawnIds.has(r.startNode) && drawnIds.has(r.endNode)) {
        newRels.push(r);
      }
    }
    const origin = center.nonempty() ? center.position() : { x: 0, y: 0 };
    const radius = 110 + 6 * newNodes.length;
    this.cy.batch(() => {
      newNodes.forEach((n, i) => {
        const angle = (2 * Math.PI * i) / Math.max(1, newNodes.length);
        const element = this.nodeElement(n);
        element.position = { x: origin.x + radius * Math.cos(angle), y: origin.y + radius * Math.sin(angle) };
        this.cy.add(element);
      });
      this.cy.add(newRels.map((r) => this.relationshipElement(r)));
    });
    if (newNodes.length) this.cy.animate({ fit: { eles: this.cy.elements(), padding: 30 } }, { duration: 250 });
    this.update();
    this.options.onMessage(
      `Expanded ${caption(this.nodes.get(String(nodeId)) || { id: nodeId })}: ` +
        `${newNodes.length} new node${newNodes.length === 1 ? '' : 's'}, ` +
        `${newRels.length} new relationship${newRels.length === 1 ? '' : 's'}`,
    );
  }

  // The counts line, the "showing N of M" note and the legend.
  update() {
    const { counts, note, legend } = this.parts;
    const drawnNodes = this.cy ? this.cy.nodes().length : this.nodes.size;
    const drawnRels = this.cy ? this.cy.edges().length : this.relationships.size;
    counts.textContent =
      `${drawnNodes} node${drawnNodes === 1 ? '' : 's'}, ${drawnRels} relationship${drawnRels === 1 ? '' : 's'}` +
      (this.cy ? '' : ' (not drawn)');
    if (this.cy && this.nodes.size > drawnNodes) {
      note.hidden = false;
      note.textContent = `showing ${drawnNodes} of ${this.nodes.size} nodes (the limit is a setting)`;
    } else {
      note.hidden = true;
      note.textContent = '';
    }
    legend.replaceChildren();
    if (!this.cy) return;
    const labels = new Map();
    this.cy.nodes().forEach((n) => {
      const l = n.data('label');
      labels.set(l, (labels.get(l) || 0) + 1);
    });
    const types = new Map();
    this.cy.edges().forEach((e) => types.set(e.data('type'), (types.get(e.data('type')) || 0) + 1));
    for (const [label, count] of labels) {
      const item = document.createElement('span');
      item.className = 'legend-label';
      item.style.setProperty('--color', label ? this.color(label) : NO_LABEL);
      item.textContent = `${label || '(no label)'} ${count}`;
      legend.appendChild(item);
    }
    for (const [type, count] of types) {
      const item = document.createElement('span');
      item.className = 'legend-type';
      item.textContent = `${type} ${count}`;
      legend.appendChild(item);
    }
  }

  select(element) {
    const panel = this.parts.details;
    panel.replaceChildren();
    if (!element) {
      const hint = document.createElement('p');
      hint.className = 'hint';
      hint.textContent = 'Click a node or relationship to see its properties; double-click a node to add its neighbours.';
      panel.appendChild(hint);
      return;
    }
    const title = document.createElement('div');
    title.className = 'details-title';
    let entity;
    if (element.isNode()) {
      entity = this.nodes.get(element.data('nodeId'));
      for (const label of entity.labels) {
        const chip = document.createElement('span');
        chip.className = 'chip label-chip';
        chip.style.setProperty('--color', this.color(label));
        chip.textContent = label;
        title.appendChild(chip);
      }
      title.append(` node ${entity.id}`);
    } else {
      entity = this.relationships.get(element.data('relId'));
      const chip = document.createElement('span');
      chip.className = 'chip type-chip';
      chip.textContent = entity.type;
      title.append(chip, ` relationship ${entity.id}`);
    }
    panel.appendChild(title);
    if (!element.isNode()) {
      const ends = document.createElement('p');
      ends.className = 'details-ends';
      const start = this.nodes.get(entity.startNode);
      const end = this.nodes.get(entity.endNode);
      ends.textContent = `(${start ? caption(start) : entity.startNode}) → (${end ? caption(end) : entity.endNode})`;
      panel.appendChild(ends);
    }
    const table = document.createElement('table');
    table.className = 'properties';
    const keys = Object.keys(entity.properties || {});
    for (const key of keys) {
      const row = table.insertRow();
      const k = row.insertCell();
      k.className = 'key';
      k.textContent = key;
      const v = row.insertCell();
      const value = entity.properties[key];
      v.textContent = typeof value === 'string' ? value : formatValue(value);
    }
    if (keys.length === 0) {
      const none = document.createElement('p');
      none.className = 'hint';
      none.textContent = 'No properties.';
      panel.appendChild(none);
    } else {
      panel.appendChild(table);
    }
  }
}

// A darker border of a fill colour, so that nodes keep an edge on a white background.
function shade(hex) {
  const n = parseInt(hex.slice(1), 16);
  const f = (c) => Math.max(0, Math.round(c * 0.75)).toString(16).padStart(2, '0');
  return '#' + f((n >> 16) & 255) + f((n >> 8) & 255) + f(n & 255);
}
