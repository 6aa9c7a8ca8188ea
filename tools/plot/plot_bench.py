#!/usr/bin/env python3
"""tools/plot/plot_bench.py - plot a `parmod bench mul --json` table.

usage: plot_bench.py TABLE.json OUT.png

The table is {"machine", "title", "columns", "rows"} as bench/harness writes
it.  The first column is the x axis (bits, or 32-bit words for --comba, on a
log scale); every column whose cells are speedups (numbers, no unit in its
name) becomes one line, y = speedup, with the 1.0 line marked.  Columns whose
name ends in a time unit ("(ns)", "(us)", "(ms)", "(ms/op)") and the "limbs" column are
skipped.
Needs matplotlib (pip install matplotlib); exits 2 without it.
"""
import json
import sys


def main() -> int:
    if len(sys.argv) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        print("plot_bench.py: matplotlib is not installed (pip install matplotlib)", file=sys.stderr)
        return 2
    with open(sys.argv[1]) as f:
        table = json.load(f)
    cols = table["columns"]
    rows = table["rows"]
    xs = [r[0] for r in rows]
    fig, ax = plt.subplots(figsize=(10, 6))
    for i, name in enumerate(cols[1:], start=1):
        if name == "limbs" or name.endswith(("(us)", "(ns)", "(ms)", "(ms/op)")):
            continue
        pts = [(x, r[i]) for x, r in zip(xs, rows) if isinstance(r[i], (int, float))]
        if not pts:
            continue
        style = "--" if "> cores" in name else "-"
        ax.plot([p[0] for p in pts], [p[1] for p in pts], style, marker="o", markersize=3, label=name)
    ax.axhline(1.0, color="black", linewidth=0.8)
    ax.set_xscale("log", base=2)
    ax.set_xlabel(cols[0])
    ax.set_ylabel("speedup")
    ax.set_title(table.get("title", ""), fontsize=10)
    ax.grid(True, which="both", alpha=0.3)
    ax.legend(fontsize=7, ncol=2)
    fig.text(0.01, 0.01, table.get("machine", ""), fontsize=7)
    fig.tight_layout()
    fig.savefig(sys.argv[2], dpi=120)
    return 0


if __name__ == "__main__":
    sys.exit(main())
