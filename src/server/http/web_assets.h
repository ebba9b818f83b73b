#pragma once
// The web view's files (web/ and the npm libraries it uses: CodeMirror, Cytoscape.js),
// compiled into the binary by cmake/web_assets.cmake, so that `quiver serve --http`
// serves the page wherever the binary runs and the browser fetches nothing from outside.

#include <span>
#include <string_view>

namespace quiver::server::http {

struct WebAsset {
  std::string_view path;  // the URL path: "/index.html", "/vendor/codemirror.js"
  std::string_view content_type;
  std::string_view body;
};

// Every file, as the build found it (generated: web_assets_data.cpp). The npm libraries
// are missing when `npm ci` in web/ did not run; the page then says so.
std::span<const WebAsset> WebAssets();
const WebAsset* FindWebAsset(std::string_view path);

}  // namespace quiver::server::http
