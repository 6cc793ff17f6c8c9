#!/usr/bin/env python3
"""Grades the mill engine's moves against the exact values of bigger endgame tables.

The games against Sanmill are decided in the moving phase beyond the tables a user has (3..5 a
side after the first minute, docs/mill.md). This measures how often the engine, searching with
those tables, picks a move that gives away part of the value that bigger tables (3..7) prove,
on positions where some moves do and some do not: a count with no clock in it, so two weights
files or two search settings can be compared on the same positions in minutes.

  # once: positions of self-play, each probed in the bigger tables
  python3 scripts/mill-grade.py prepare --data sp.txt --tables DIR7 --beyond 5 \\
      --count 2000 --seed 1 --out set.json
  # per engine: its move for each, graded
  python3 scripts/mill-grade.py run --set set.json --nodes 100000 \\
      --engine "build/release/doska uci --egdb DIR5" [--eval FILE]

`prepare` keeps moving-phase positions (both hands empty) with at most as many pieces a side as
the bigger tables hold and more than --beyond on one side, where the moves do not all have one
value; `run` prints the positions, the moves that lost value (a win given up to a draw or a loss,
a draw to a loss) and the share of them.
"""
import argparse
import json
import random
import shlex
import subprocess
import sys

DOSKA = "build/release/doska"


def counts(fen):
    parts = fen.split(":")
    hands = (0, 0)
    for p in parts[3:]:
        if p.startswith("H"):
            hands = tuple(int(x) for x in p[1:].split(","))
    white = len([x for x in parts[1][1:].split(",") if x])
    black = len([x for x in parts[2][1:].split(",") if x])
    return hands, white, black


def probe(doska, tables, fen):
    out = subprocess.run(
        [doska, "egdb", "probe", "mill", "--dir", tables, "--fen", fen],
        capture_output=True, text=True, check=False)
    if out.returncode != 0:
        sys.exit(f"error: probe of {fen}: {out.stderr.strip() or out.stdout.strip()}")
    value, moves = None, {}
    for line in out.stdout.splitlines():
        words = line.split()
        if words[:1] == ["value"]:
            value = words[1]
        elif words[:1] == ["move"] and len(words) >= 3:
            moves[words[1]] = words[2]
    return value, moves


RANK = {"loss": 0, "draw": 1, "win": 2}


def prepare(args):
    seen, candidates = set(), []
    pieces = args.pieces
    for path in args.data:
        with open(path) as f:
            for line in f:
                fen = line.split()[0]
                hands, white, black = counts(fen)
                if hands != (0, 0) or max(white, black) > pieces or max(white, black) <= args.beyond:
                    continue
                if min(white, black) < 3 or fen in seen:
                    continue
                seen.add(fen)
                candidates.append(fen)
    rng = random.Random(args.seed)
    rng.shuffle(candidates)
    kept = []
    for fen in candidates:
        if len(kept) >= args.count:
            break
        value, moves = probe(args.doska, args.tables, fen)
        if value not in RANK or not moves:
            continue
        ranks = {RANK.get(v.split("-")[0], -1) for v in moves.values()}
        if len(ranks) < 2 or -1 in ranks:
            continue
        kept.append({"fen": fen, "value": value, "moves": moves})
        if len(kept) % 100 == 0:
            print(f"{len(kept)} positions", file=sys.stderr)
    with open(args.out, "w") as f:
        json.dump({"tables": args.tables, "beyond": args.beyond, "positions": kept}, f)
    print(f"{len(kept)} positions of {len(candidates)} candidates written to {args.out}")


def run(args):
    with open(args.set) as f:
        data = json.load(f)
    engine = subprocess.Popen(shlex.split(args.engine), stdin=subprocess.PIPE,
                              stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(text):
        engine.stdin.write(text + "\n")

    def until(prefix):
        while True:
            line = engine.stdout.readline()
            if not line:
                sys.exit("error: the engine ended")
            if line.startswith("info string error"):
                sys.exit("error: the engine says " + line.strip())
            if line.startswith(prefix):
                return line.strip()

    send("uci")
    until("uciok")
    send("setoption name UCI_Variant value mill")
    if args.eval:
        send("setoption name EvalFile value " + args.eval)
    send("isready")
    until("readyok")
    lost = {"win-draw": 0, "win-loss": 0, "draw-loss": 0}
    total = 0
    for p in data["positions"]:
        send("ucinewgame")
        send("position fen " + p["fen"])
        send(f"go nodes {args.nodes}")
        move = until("bestmove").split()[1]
        got = p["moves"].get(move)
        if got is None:
            sys.exit(f"error: {move} is not a move of {p['fen']}")
        total += 1
        before = p["value"]
        after = got.split("-")[0]
        if RANK[after] < RANK[before]:
            lost[f"{before}-{after}"] += 1
    send("quit")
    engine.wait()
    bad = sum(lost.values())
    print(f"positions {total} lost value {bad} ({100.0 * bad / max(total, 1):.1f}%): "
          f"win to draw {lost['win-draw']}, win to loss {lost['win-loss']}, "
          f"draw to loss {lost['draw-loss']}")


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="command", required=True)
    p = sub.add_parser("prepare")
    p.add_argument("--data", nargs="+", required=True)
    p.add_argument("--tables", required=True)
    p.add_argument("--pieces", type=int, default=7, help="the bigger tables' pieces a side")
    p.add_argument("--beyond", type=int, default=5, help="the engine's tables' pieces a side")
    p.add_argument("--count", type=int, default=2000)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--out", required=True)
    p.add_argument("--doska", default=DOSKA)
    r = sub.add_parser("run")
    r.add_argument("--set", required=True)
    r.add_argument("--engine", required=True)
    r.add_argument("--eval", default="")
    r.add_argument("--nodes", type=int, default=100000)
    args = parser.parse_args()
    prepare(args) if args.command == "prepare" else run(args)


if __name__ == "__main__":
    main()
