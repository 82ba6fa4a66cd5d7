#!/usr/bin/env python3
"""Hostile clients at full scale (connection floods, slow bodies), against a running upload-service (docs/upload-service.md, "Limits").

  hostile-probe.py flood PORT CONNECTIONS [ADDRESSES] [SECONDS]
      CONNECTIONS connections from ADDRESSES loopback addresses (127.0.0.1 ...), each sending the start of a request
      head and one more header line every 5 s for SECONDS; prints every 5 s how many are open and how many the server
      closed. Sample the heap and health alongside, from another address (curl --interface 127.0.0.250).
  hostile-probe.py slow-bodies PORT CLIENTS trickle|expect FILE
      CLIENTS uploads that send one byte every 20 s (trickle) or 'Expect: 100-continue' and never their body (expect),
      then, 2 s later, a normal upload of FILE with curl; prints when the normal upload was answered and how each slow
      client ended (answered with a status, closed, or still open after 150 s).

Python 3 standard library only; loopback addresses other than 127.0.0.1 need Linux.
"""
import asyncio
import collections
import socket
import subprocess
import sys
import threading
import time


def flood(port, connections, addresses=1, seconds=60):
    stats = {"open": 0, "never accepted": 0, "closed by server": 0}

    async def one(i):
        source = "127.0.0.%d" % (1 + i % addresses)
        try:
            reader, writer = await asyncio.wait_for(
                asyncio.open_connection("127.0.0.1", port, local_addr=(source, 0)), 10)
        except (OSError, asyncio.TimeoutError):
            stats["never accepted"] += 1
            return
        stats["open"] += 1
        writer.write(b"GET /uploads/flood HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        end, line = time.time() + seconds, 0
        try:
            while time.time() < end:
                try:
                    if not await asyncio.wait_for(reader.read(100), 5):
                        raise ConnectionResetError()
                except asyncio.TimeoutError:
                    pass
                writer.write(b"X-Line-%d: a\r\n" % line)
                line += 1
                await writer.drain()
        except OSError:
            stats["open"] -= 1
            stats["closed by server"] += 1
            return
        writer.close()

    async def main():
        tasks = []
        for i in range(connections):
            tasks.append(asyncio.create_task(one(i)))
            if i % 200 == 199:
                await asyncio.sleep(0.2)
        start = time.time()
        while not all(t.done() for t in tasks):
            await asyncio.sleep(5)
            print("t=%.0f s %s" % (time.time() - start, stats), flush=True)

    asyncio.run(main())


def slow_bodies(port, clients, mode, normal_file):
    ended = {}

    def client(i):
        s = socket.create_connection(("127.0.0.1", port))
        head = "PUT /uploads/slow/%d?strategy=buffer-4k HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n" % i
        if mode == "expect":
            head += "Expect: 100-continue\r\n"
        s.sendall((head + "\r\n").encode())
        start, got = time.time(), b""
        s.settimeout(0.5)
        while time.time() - start < 150:
            if mode == "trickle":
                try:
                    s.sendall(b"x")
                except OSError:
                    ended[i] = "closed %.1f s" % (time.time() - start)
                    return
            wait_until = time.time() + (20 if mode == "trickle" else 1)
            while time.time() < wait_until:
                try:
                    data = s.recv(4096)
                except socket.timeout:
                    continue
                except OSError:
                    data = b""
                if not data:
                    ended[i] = "closed %.1f s" % (time.time() - start)
                    return
                got += data
                final = [line for line in got.split(b"\r\n") if line.startswith(b"HTTP/1.1 ") and b" 100" not in line]
                if final:
                    ended[i] = "answered %s %.1f s" % (final[0][9:12].decode(), time.time() - start)
                    return
        ended[i] = "still open"

    threads = [threading.Thread(target=client, args=(i,)) for i in range(clients)]
    for t in threads:
        t.start()
    time.sleep(2)
    start = time.time()
    status = subprocess.run(
        ["curl", "-s", "-o", "/dev/null", "-w", "%{http_code}", "-m", "140", "-T", normal_file,
         "http://127.0.0.1:%d/uploads/normal?strategy=buffer-4k" % port],
        capture_output=True, text=True).stdout
    print("normal upload: %s after %.1f s" % (status, time.time() - start), flush=True)
    for t in threads:
        t.join()
    print(collections.Counter(v.rsplit(" ", 2)[0] if v.startswith("answered") else v.split(" ")[0]
                              for v in ended.values()))


if __name__ == "__main__":
    if len(sys.argv) >= 4 and sys.argv[1] == "flood":
        flood(int(sys.argv[2]), int(sys.argv[3]), *[int(a) for a in sys.argv[4:6]])
    elif len(sys.argv) == 6 and sys.argv[1] == "slow-bodies":
        slow_bodies(int(sys.argv[2]), int(sys.argv[3]), sys.argv[4], sys.argv[5])
    else:
        sys.exit(__doc__)
