"""RSS of a fresh ``roses serve`` before and after N GETs of unknown table ids (issue 13, fault 3).

Usage: ``PYTHONPATH=src python bench/lab/server_memory.py [N]`` (default 6000). Prints one line:
``N GETs of unknown ids: RSS before -> after MB``. The server starts with its default settings.
"""
from __future__ import annotations

import http.client
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # bench/: server.py
from server import free_port, rss_mb, wait_ready  # noqa: E402


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 6000
    port = free_port()
    with tempfile.TemporaryDirectory(prefix="roses-bench-") as data_dir:
        code = (f"from roses.server import run; run(host='127.0.0.1', port={port}, data_dir={data_dir!r}, "
                "log_level='warning')")
        proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.DEVNULL)
        try:
            wait_ready(f"http://127.0.0.1:{port}", proc)
            conn = http.client.HTTPConnection("127.0.0.1", port)
            for i in range(200):  # warm up: the first requests build caches of their own
                conn.request("GET", f"/api/tables/warm{i}")
                conn.getresponse().read()
            before = rss_mb(proc.pid)
            for i in range(n):
                conn.request("GET", f"/api/tables/unknown{i}")
                answer = conn.getresponse()
                answer.read()
                assert answer.status == 404, answer.status
            time.sleep(1)
            print(f"{n} GETs of unknown ids: RSS {before:.1f} -> {rss_mb(proc.pid):.1f} MB")
        finally:
            proc.terminate()
            proc.wait(10)


if __name__ == "__main__":
    main()
