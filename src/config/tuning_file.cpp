#include "config/tuning_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "config/cpu.hpp"
#include "config/tuning.hpp"

namespace parmod::config {
namespace detail {

std::string env_string(const char* name) {
#if defined(__GLIBC__)
  const char* v = secure_getenv(name);
#else
  const char* v = std::getenv(name);
#endif
  return v ? v : "";
}

namespace {

constexpr std::size_t kMaxFileBytes = 1 << 20;

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> lines;
  std::string line;
  std::istringstream in(text);
  while (std::getline(in, line)) lines.push_back(line);
  return lines;
}

}  // namespace

std::vector<FileEntry> read_entries(const std::string& path, bool* found, std::vector<std::string>* problems) {
  std::vector<FileEntry> out;
  *found = false;
  std::error_code ec;
  if (path.empty() || !std::filesystem::exists(path, ec)) return out;
  *found = true;
  if (!std::filesystem::is_regular_file(path, ec)) {  // a directory, a FIFO that would block, a device
    problems->push_back("is not a regular file");
    return out;
  }
  std::FILE* f = std::fopen(path.c_str(), "rb");
  if (!f) {
    problems->push_back(std::string("cannot be read (") + std::strerror(errno) + ")");
    return out;
  }
  std::string text;
  char buf[4096];
  std::size_t got = 0;
  while ((got = std::fread(buf, 1, sizeof buf, f)) > 0 && text.size() < kMaxFileBytes) text.append(buf, got);
  std::fclose(f);
  if (text.size() >= kMaxFileBytes) {
    problems->push_back("is larger than 1 MiB, the rest ignored");
    text.resize(kMaxFileBytes);
  }
  int number = 0;
  for (std::string line : lines_of(text)) {
    ++number;
    const auto hash = line.find('#');
    if (hash != std::string::npos) line.erase(hash);
    for (char& c : line)
      if (c == '\t' || c == '\r') c = ' ';
    const auto a = line.find_first_not_of(' ');
    if (a == std::string::npos) continue;
    const auto b = line.find(' ', a);
    std::string key = line.substr(a, b == std::string::npos ? std::string::npos : b - a);
    std::string value;
    if (b != std::string::npos) {
      const auto c = line.find_first_not_of(' ', b);
      const auto d = line.find_last_not_of(' ');
      if (c != std::string::npos) value = line.substr(c, d - c + 1);
    }
    out.push_back({std::move(key), std::move(value), number});
  }
  return out;
}

bool write_entries(const std::string& path, const std::string& header, const std::map<std::string, std::string>& entries,
                   std::string* error) {
  auto fail = [&](const std::string& why) {
    if (error) *error = why;
    return false;
  };
  std::error_code ec;
  const auto dir = std::filesystem::path(path).parent_path();
  if (!dir.empty()) std::filesystem::create_directories(dir, ec);
  const std::string tmp = path + ".tmp";
  {
    std::ofstream out(tmp, std::ios::trunc);
    if (!out) return fail("cannot write " + tmp);
    out << "# " << header << "\n";
    for (const auto& [k, v] : entries) out << k << ' ' << v << '\n';
    out.close();
    if (!out) return fail("cannot write " + tmp);
  }
  std::filesystem::rename(tmp, path, ec);
  if (ec) return fail("cannot rename " + tmp + " to " + path + ": " + ec.message());
  return true;
}

}  // namespace detail

std::string tuning_file_path() {
  using detail::env_string;
  const std::string file = env_string("PARMOD_TUNING_FILE");
  if (!file.empty()) return file;
  std::string cache = env_string("XDG_CACHE_HOME");
  if (cache.empty() || cache[0] != '/') {  // the XDG rule: a relative path is ignored
    const std::string home = env_string("HOME");
    if (home.empty() || home[0] != '/') return "";
    cache = home + "/.cache";
  }
  return cache + "/parmod/tuning-" + cpu_model_slug(cpu()) + ".txt";
}

}  // namespace parmod::config
