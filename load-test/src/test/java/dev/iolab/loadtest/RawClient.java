package dev.iolab.loadtest;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket from a client address of its own, for what an HTTP client library will not do: send a
 * head and stop, trickle a body, read an answer while still sending, never read a download.
 */
final class RawClient implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    /** Connects from {@code local} (any 127.0.0.0/8 address: another client) to 127.0.0.1:{@code port}. */
    RawClient(InetAddress local, int port) throws IOException {
        socket = new Socket();
        socket.bind(new InetSocketAddress(local, 0));
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 30_000);
        socket.setSoTimeout(60_000);
        out = socket.getOutputStream();
        in = socket.getInputStream();
    }

    /** Sends a request head; {@code headers} are whole lines without CRLF. */
    RawClient head(String requestLine, String... headers) throws IOException {
        StringBuilder head = new StringBuilder(requestLine).append("\r\nHost: 127.0.0.1\r\n");
        for (String header : headers) {
            head.append(header).append("\r\n");
        }
        out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        return this;
    }

    RawClient body(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** The status and headers of the next final answer ({@code 100 Continue} skipped); its body is left unread. */
    Answer answerHead() throws IOException {
        while (true) {
            String statusLine = line();
            if (statusLine == null) {
                throw new IOException("connection closed before an answer");
            }
            Map<String, String> headers = new LinkedHashMap<>();
            for (String header = line(); header != null && !header.isEmpty(); header = line()) {
                int colon = header.indexOf(':');
                headers.put(
                        header.substring(0, colon).strip().toLowerCase(Locale.ROOT),
                        header.substring(colon + 1).strip());
            }
            int status = Integer.parseInt(statusLine.split(" ")[1]);
            if (status != 100) {
                return new Answer(status, headers);
            }
        }
    }

    /** The next final answer, its body read when it has a {@code Content-Length}. */
    Answer answer() throws IOException {
        Answer head = answerHead();
        String length = head.headers().get("content-length");
        if (length != null) {
            return new Answer(head.status(), head.headers(), new String(in.readNBytes(Integer.parseInt(length))));
        }
        return head;
    }

    /** Reads until the other side hangs up: true when it did, false when it kept the connection a minute. */
    boolean awaitClosedByPeer() {
        try {
            while (in.read() >= 0) {
                // leftovers of an answer
            }
            return true;
        } catch (SocketTimeoutException open) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    /** Hangs up with a reset, as a crashing client would. */
    void abort() {
        try {
            socket.setSoLinger(true, 0);
            socket.close();
        } catch (IOException gone) {
            // already closed
        }
    }

    private String line() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != -1; b = in.read()) {
            if (b == '\n') {
                String text = line.toString(StandardCharsets.ISO_8859_1);
                return text.endsWith("\r") ? text.substring(0, text.length() - 1) : text;
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** A status, lower-cased headers and (for {@link #answer()}) the body. */
    record Answer(int status, Map<String, String> headers, String body) {

        Answer(int status, Map<String, String> headers) {
            this(status, headers, "");
        }
    }
}
