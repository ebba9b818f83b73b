// Queries the user ran, newest first, kept in localStorage across visits.

const KEY = 'quiver.history';
const MAX = 200;

export class History {
  constructor(onChange = () => {}) {
    this.onChange = onChange;
    try {
      const saved = JSON.parse(localStorage.getItem(KEY) || '[]');
      this.items = Array.isArray(saved) ? saved.filter((s) => typeof s === 'string') : [];
    } catch {
      this.items = [];
    }
  }

  add(query) {
    const text = query.trim();
    if (!text) return;
    // A query run again moves to the top instead of filling the list with copies.
    this.items = [text, ...this.items.filter((q) => q !== text)].slice(0, MAX);
    this.save();
  }

  clear() {
    this.items = [];
    this.save();
  }

  save() {
    try {
      localStorage.setItem(KEY, JSON.stringify(this.items));
    } catch {
      // Storage full or disabled: the history lasts as long as the page.
    }
    this.onChange(this.items);
  }
}

// Ctrl-Up / Ctrl-Down in the editor: walks the history like a shell, keeping what was
// typed (the draft) to come back to at the bottom.
export class HistoryCursor {
  constructor(history) {
    this.history = history;
    this.reset();
  }

  reset() {
    this.index = -1;
    this.draft = null;
  }

  // The text to show, or null when there is nowhere to go.
  older(current) {
    const items = this.history.items;
    if (this.index === -1) {
      this.draft = current;
      // The editor still shows the query just run: "previous" is the one before it.
      const start = items[0] === current.trim() ? 1 : 0;
      if (start >= items.length) return null;
      this.index = start;
      return items[this.index];
    }
    if (this.index + 1 >= items.length) return null;
    this.index++;
    return items[this.index];
  }

  newer() {
    if (this.index === -1) return null;
    const items = this.history.items;
    this.index--;
    if (this.index < 0 || (this.index === 0 && this.draft !== null && items[0] === this.draft.trim())) {
      this.index = -1;
      return this.draft ?? '';
    }
    return items[this.index];
  }
}
