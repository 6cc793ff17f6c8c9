#include "common/files.h"

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <memory>
#include <system_error>

namespace doska {

namespace {

struct FileCloser {
  void operator()(std::FILE* file) const { std::fclose(file); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

// "<what> <path>", or the path alone.
std::string named(std::string_view what, const std::string& path) {
  return what.empty() ? path : std::string(what) + " " + path;
}

std::string reason(int error) {
  return std::generic_category().message(error);
}

}  // namespace

Result<std::string> read_whole_file(const std::string& path, std::string_view what,
                                    std::size_t limit) {
  const auto cannot = [&](int error) {
    return make_error("cannot read " + named(what, path) + ": " + reason(error));
  };
  File file(std::fopen(path.c_str(), "rb"));
  if (!file) return cannot(errno);
  std::string bytes;
  char buffer[1 << 16];
  for (;;) {
    const std::size_t got = std::fread(buffer, 1, sizeof buffer, file.get());
    if (got > limit - bytes.size())
      return make_error(named(what, path) + " is too large (more than " + std::to_string(limit) +
                        " bytes)");
    bytes.append(buffer, got);
    if (got < sizeof buffer) break;
  }
  if (std::ferror(file.get())) return cannot(errno);
  return bytes;
}

Status replace_file(const std::string& path, std::string_view bytes) {
  const std::filesystem::path target(path);
  std::error_code ec;
  if (target.has_parent_path()) std::filesystem::create_directories(target.parent_path(), ec);
  if (ec)
    return make_error("cannot make the folder " + target.parent_path().string() + " for " + path +
                      ": " + ec.message());
  const std::string temporary = path + ".part";
  File file(std::fopen(temporary.c_str(), "wb"));
  if (!file) return make_error("cannot write " + temporary + ": " + reason(errno));
  const bool written = std::fwrite(bytes.data(), 1, bytes.size(), file.get()) == bytes.size() &&
                       std::fflush(file.get()) == 0;
  const int error = errno;
  const bool closed = std::fclose(file.release()) == 0;
  if (!written || !closed) {
    std::filesystem::remove(temporary, ec);
    return make_error("cannot write " + temporary + ": " + reason(written ? errno : error) +
                      " (disk full?)");
  }
  std::filesystem::rename(temporary, target, ec);
  if (ec) {
    const std::string why = ec.message();
    std::filesystem::remove(temporary, ec);
    return make_error("cannot rename " + temporary + " to " + path + ": " + why);
  }
  return Ok{};
}

}  // namespace doska
