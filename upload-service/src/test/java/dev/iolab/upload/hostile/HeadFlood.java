package dev.iolab.upload.hostile;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.StandardSocketOptions;
import java.nio.ByteBuffer;
import java.nio.channels.SelectionKey;
import java.nio.channels.Selector;
import java.nio.channels.SocketChannel;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * Many connections that send the start of a request head and never finish it, each from one of the given loopback
 * addresses, opened without blocking (a connection the server has not accepted yet simply stays pending). {@link #poll}
 * finishes the connects the server accepted, sends each its head once, and notices the ones the server closed;
 * {@link #sendHeaderLine} adds one more header line to every head, as a client that trickles its head does.
 * Not thread-safe.
 */
final class HeadFlood implements AutoCloseable {

    private final List<SocketChannel> channels = new ArrayList<>();
    private final Selector selector;
    private final byte[] headStart;
    private int closedByServer;
    private int lines;

    private HeadFlood(String path) throws IOException {
        selector = Selector.open();
        headStart =
                ("GET " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: 1\r\n").getBytes(StandardCharsets.US_ASCII);
    }

    /** Opens {@code count} connections to {@code port}, spread over {@code localAddresses} in turn. */
    static HeadFlood open(int port, int count, List<String> localAddresses) throws IOException {
        return open(port, "/uploads/flood", count, localAddresses);
    }

    /** As {@link #open(int, int, List)}, each head that of a GET of {@code path}. */
    static HeadFlood open(int port, String path, int count, List<String> localAddresses) throws IOException {
        HeadFlood flood = new HeadFlood(path);
        for (int i = 0; i < count; i++) {
            SocketChannel channel = SocketChannel.open();
            channel.setOption(StandardSocketOptions.SO_LINGER, 0); // closing the flood must not leave TIME_WAITs
            channel.bind(new InetSocketAddress(localAddresses.get(i % localAddresses.size()), 0));
            channel.configureBlocking(false);
            channel.connect(new InetSocketAddress("127.0.0.1", port));
            channel.register(flood.selector, SelectionKey.OP_CONNECT);
            flood.channels.add(channel);
        }
        return flood;
    }

    /** Without blocking: completes accepted connects (sending the head), and closes what the server closed. */
    void poll() throws IOException {
        selector.selectNow();
        ByteBuffer scratch = ByteBuffer.allocate(4096);
        for (SelectionKey key : selector.selectedKeys()) {
            SocketChannel channel = (SocketChannel) key.channel();
            try {
                if (key.isConnectable()) {
                    if (channel.finishConnect()) {
                        channel.write(ByteBuffer.wrap(headStart));
                        key.interestOps(SelectionKey.OP_READ);
                    }
                } else if (key.isReadable()) {
                    scratch.clear();
                    if (channel.read(scratch) < 0) {
                        serverClosed(channel);
                    }
                }
            } catch (IOException resetOrRefused) {
                serverClosed(channel);
            }
        }
        selector.selectedKeys().clear();
    }

    /** Sends one more header line on every connection the server accepted and has not closed. */
    void sendHeaderLine() throws IOException {
        ByteBuffer line = ByteBuffer.wrap(("X-Line-" + lines++ + ": a\r\n").getBytes(StandardCharsets.US_ASCII));
        for (SelectionKey key : selector.keys()) {
            SocketChannel channel = (SocketChannel) key.channel();
            if (key.isValid() && channel.isOpen() && channel.isConnected()) {
                try {
                    channel.write(line.duplicate());
                } catch (IOException resetOrClosed) {
                    serverClosed(channel);
                }
            }
        }
    }

    private void serverClosed(SocketChannel channel) throws IOException {
        closedByServer++;
        channel.close();
    }

    /** Connections the server accepted and has not closed. */
    int open() {
        return (int)
                channels.stream().filter(c -> c.isOpen() && c.isConnected()).count();
    }

    /** Connections neither accepted nor refused yet: their connects are still waiting in the server's backlog. */
    int pending() {
        return (int)
                channels.stream().filter(c -> c.isOpen() && !c.isConnected()).count();
    }

    /** Connections the server closed (end of stream, reset, or refused). */
    int closedByServer() {
        return closedByServer;
    }

    @Override
    public void close() throws IOException {
        for (SocketChannel channel : channels) {
            channel.close();
        }
        selector.close();
    }
}
