// config/tuning_table.hpp - the measured parameters `automatic` uses.
//
// A small key -> value store, loaded once per process from a text file
// written by `parmod tune` (one "key value..." line each, '#' comments) and
// consulted by every layer.  Without a file, callers use built-in defaults.
// File: $PARMOD_TUNING_FILE, else $XDG_CONFIG_HOME/parmod/tuning.txt, else
// $HOME/.config/parmod/tuning.txt.  Thread-safe.
#pragma once

#include <map>
#include <optional>
#include <string>

namespace parmod::config {

// The value stored under key, if the loaded table has it.
std::optional<std::string> tuning_value(const std::string& key);
// The integer stored under key, or fallback when absent or malformed.
long tuning_integer(const std::string& key, long fallback);

// Path of the table file (it may not exist).
std::string tuning_file_path();

// Writes `values` (merged over the current file's contents) to the table file,
// creating its folder; reloads.  Returns false and sets *error on failure.
bool write_tuning_values(const std::map<std::string, std::string>& values, const std::string& header,
                         std::string* error);

// Drops the loaded table so the next lookup reads the file again (tests, tune).
void reload_tuning_table();

}  // namespace parmod::config
