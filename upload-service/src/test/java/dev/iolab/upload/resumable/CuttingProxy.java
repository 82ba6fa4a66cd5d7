package dev.iolab.upload.resumable;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A TCP relay on loopback in front of the service that cuts the network once: when the bytes sent towards the
 * service, over all connections, pass {@code cutAfter}, it resets both sides of the connection that carried them, as a
 * dropped mobile or office link does. Every connection after that is relayed untouched.
 */
final class CuttingProxy implements AutoCloseable {

    private final ServerSocket server;
    private final int target;
    private final long cutAfter;
    private final AtomicLong forwarded = new AtomicLong();
    private final AtomicBoolean cut = new AtomicBoolean();
    private final List<Socket> sockets = new CopyOnWriteArrayList<>();

    private CuttingProxy(ServerSocket server, int target, long cutAfter) {
        this.server = server;
        this.target = target;
        this.cutAfter = cutAfter;
    }

    static CuttingProxy start(int target, long cutAfter) throws IOException {
        ServerSocket server = new ServerSocket();
        server.bind(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0));
        CuttingProxy proxy = new CuttingProxy(server, target, cutAfter);
        Thread.ofVirtual().start(proxy::accept);
        return proxy;
    }

    int port() {
        return server.getLocalPort();
    }

    /** Whether it has cut a connection. */
    boolean hasCut() {
        return cut.get();
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket client = server.accept();
                Socket upstream = new Socket(InetAddress.getLoopbackAddress(), target);
                sockets.add(client);
                sockets.add(upstream);
                Thread.ofVirtual().start(() -> relay(client, upstream, true));
                Thread.ofVirtual().start(() -> relay(upstream, client, false));
            } catch (IOException e) {
                return; // closed
            }
        }
    }

    private void relay(Socket from, Socket to, boolean towardsService) {
        byte[] buffer = new byte[16 * 1024];
        try (InputStream in = from.getInputStream()) {
            OutputStream out = to.getOutputStream();
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                if (towardsService
                        && !cut.get()
                        && forwarded.addAndGet(n) > cutAfter
                        && cut.compareAndSet(false, true)) {
                    reset(from);
                    reset(to);
                    return;
                }
                out.write(buffer, 0, n);
                out.flush();
            }
            to.shutdownOutput();
        } catch (IOException e) {
            reset(to);
        }
    }

    private static void reset(Socket socket) {
        try {
            socket.setSoLinger(true, 0);
            socket.close();
        } catch (IOException e) {
            // already gone
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        sockets.forEach(CuttingProxy::reset);
    }
}
