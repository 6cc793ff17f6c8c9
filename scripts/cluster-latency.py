#!/usr/bin/env python3
# How long a move made through one server takes to reach a watcher of another server on the same
# database (docs/deploy.md, "Several servers"): PORT_A and PORT_B are two `doska serve` on one
# PostgreSQL database; 20 games between people are made through A, each watched through B's event
# stream, and 10 moves of each are played through A. For each move, the time from A's answer to
# the event on B that shows it. Run by scripts/loadtest-two-servers.sh.
#
#   python3 scripts/cluster-latency.py PORT_A PORT_B
import http.client
import json
import sys
import threading
import time


def post(port, path, body):
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    connection.request("POST", path, json.dumps(body), {"Content-Type": "application/json"})
    answer = connection.getresponse()
    return answer.status, json.loads(answer.read())


def main():
    if len(sys.argv) != 3:
        sys.exit("usage: cluster-latency.py PORT_A PORT_B")
    a, b = int(sys.argv[1]), int(sys.argv[2])
    plies, delays = 10, []
    for _ in range(20):
        status, created = post(a, "/api/games", {"variant": "russian", "opponent": {"kind": "person"}})
        if status != 201:
            sys.exit(f"creating a game: status {status}")
        game, keys = created["game"]["id"], created["keys"]
        seen, ready = {}, threading.Event()

        def watch():
            connection = http.client.HTTPConnection("127.0.0.1", b, timeout=30)
            connection.request("GET", f"/api/games/{game}/events")
            stream = connection.getresponse()
            while True:
                line = stream.fp.readline().decode()
                if not line:
                    return
                if not line.startswith("data: "):
                    continue
                ready.set()
                try:
                    data = json.loads(line[6:])
                except ValueError:
                    continue
                if isinstance(data, dict) and "moves" in data:
                    seen.setdefault(len(data["moves"]), time.monotonic())
                    if len(data["moves"]) >= plies:
                        return

        watcher = threading.Thread(target=watch, daemon=True)
        watcher.start()
        ready.wait(10)
        view = created["game"]
        for _ in range(plies):
            move = view["legal"][0]["text"]
            status, view = post(a, f"/api/games/{game}/moves",
                                {"key": keys[view["to_move"]], "move": move})
            if status != 200:
                sys.exit(f"move {move}: status {status}")
            answered, n = time.monotonic(), len(view["moves"])
            for _ in range(10000):  # up to 5 s
                if n in seen:
                    break
                time.sleep(0.0005)
            if n not in seen:
                sys.exit(f"game {game}: move {n} never reached the other server's watcher")
            delays.append((seen[n] - answered) * 1000)
        watcher.join(5)
    delays.sort()
    print(f"{len(delays)} moves, from the answer on one server to the event on the other: "
          f"p50 {delays[len(delays) // 2]:.1f} ms, p95 {delays[int(len(delays) * 0.95)]:.1f} ms, "
          f"max {delays[-1]:.1f} ms")


main()
