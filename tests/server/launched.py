"""A server started as a user starts it (the README's ``python3 -m roses serve`` or the console
script ``roses serve``) in a subprocess, for the tests of the product as it is launched."""
from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from pathlib import Path

import httpx

#: How a user starts the server: the README's Quick start, and the console script pip installs.
LAUNCHES = {
    "python3 -m roses serve": [sys.executable, "-m", "roses", "serve"],
    "roses serve": [shutil.which("roses") or "roses", "serve"],
}


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def server_env() -> dict[str, str]:
    """This process's environment with its ``PYTHONPATH`` made absolute: the server runs in another
    folder, and must import the roses under test (``PYTHONPATH=src`` in a checkout), as must the
    processes it starts (thinking workers, a local Ray's)."""
    env = dict(os.environ)
    if env.get("PYTHONPATH"):
        env["PYTHONPATH"] = os.pathsep.join(os.path.abspath(p) for p in env["PYTHONPATH"].split(os.pathsep) if p)
    return env


class Launched:
    """``command`` (a :data:`LAUNCHES` key) with ``args`` on a free loopback port, its data in
    ``folder`` (the working directory, as a user's shell would be); its output in ``serve.log``."""

    def __init__(self, command: str, folder: Path, *args: str, timeout: float = 120):
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.log_path = folder / f"serve-{self.port}.log"
        with open(self.log_path, "w") as log:
            self.proc = subprocess.Popen([*LAUNCHES[command], "--port", str(self.port), *args],
                                         cwd=folder, stdout=log, stderr=subprocess.STDOUT, env=server_env())
        end = time.monotonic() + timeout  # a loaded 2-core machine starts a server slowly
        while True:
            assert self.proc.poll() is None, self.log()
            try:
                if httpx.get(self.url + "/api/health", timeout=2).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            assert time.monotonic() < end, "the server did not start:\n" + self.log()
            time.sleep(0.1)

    def log(self) -> str:
        return self.log_path.read_text(errors="replace")[-5000:]

    def health(self) -> dict:
        return httpx.get(self.url + "/api/health", timeout=10).json()

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait()
