// config/tuning_file.hpp - the tuning file on disk and the environment
// variables that name it.  Internal to src/config.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace parmod::config::detail {

// The variable's value ("" when unset), read through secure_getenv: a
// set-user-ID program does not take it from its caller.
std::string env_string(const char* name);

// One "key value" line of the file ('#' starts a comment; tabs count as spaces).
struct FileEntry {
  std::string key, value;
  int line;
};

// The file's entries in order.  *found: whether the path exists.  A path
// that is no regular file (a directory, a FIFO, a device), a file that
// cannot be read, or one over 1 MiB (read up to 1 MiB) adds a problem.
std::vector<FileEntry> read_entries(const std::string& path, bool* found, std::vector<std::string>* problems);

// Writes "# header" and the entries (key -> value) to path through
// path.tmp and a rename, creating the folder.  Returns false and sets
// *error on failure.
bool write_entries(const std::string& path, const std::string& header, const std::map<std::string, std::string>& entries,
                   std::string* error);

}  // namespace parmod::config::detail
