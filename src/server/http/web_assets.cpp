#include "server/http/web_assets.h"

namespace quiver::server::http {

const WebAsset* FindWebAsset(std::string_view path) {
  for (const WebAsset& asset : WebAssets()) {
    if (asset.path == path) return &asset;
  }
  return nullptr;
}

}  // namespace quiver::server::http
