package dev.iolab.upload.support;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * HTTP/1.1 over a plain socket, for what {@code java.net.http} will not do: send a body the server did not ask
 * for, stop half-way, or hang up.
 */
public final class RawHttp implements AutoCloseable {

    private final Socket socket;
    private final OutputStream out;
    private final InputStream in;

    public RawHttp(int port) throws IOException {
        this(InetAddress.getLoopbackAddress(), port);
    }

    /** Connects from {@code local} (any 127.0.0.0/8 address: another client to the service's per-client limits). */
    public RawHttp(InetAddress local, int port) throws IOException {
        socket = new Socket();
        socket.bind(new InetSocketAddress(local, 0));
        socket.connect(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 60_000);
        socket.setSoTimeout(60_000);
        out = socket.getOutputStream();
        in = socket.getInputStream();
    }

    /**
     * Reads and drops whatever the server still sends until it closes the connection: true when it did (end of stream
     * or a reset), false when it kept it open for the socket's timeout (a minute).
     */
    public boolean awaitClosedByServer() {
        try {
            while (in.read() >= 0) {
                // an answer's leftovers: not what is waited for
            }
            return true;
        } catch (java.net.SocketTimeoutException open) {
            return false;
        } catch (IOException reset) {
            return true;
        }
    }

    /** Sends a request head; {@code headers} are whole lines without CRLF. */
    public RawHttp head(String requestLine, String... headers) throws IOException {
        StringBuilder head = new StringBuilder(requestLine).append("\r\nHost: 127.0.0.1\r\n");
        for (String header : headers) {
            head.append(header).append("\r\n");
        }
        out.write(head.append("\r\n").toString().getBytes(StandardCharsets.ISO_8859_1));
        out.flush();
        return this;
    }

    public RawHttp body(byte[] bytes) throws IOException {
        out.write(bytes);
        out.flush();
        return this;
    }

    /** Half-closes: the server sees end of stream, and can still answer. */
    public RawHttp shutdownOutput() throws IOException {
        socket.shutdownOutput();
        return this;
    }

    /** Hangs up with a reset, as a crashing client would. */
    public void abort() throws IOException {
        socket.setSoLinger(true, 0);
        socket.close();
    }

    /** Reads one response head (skipping a {@code 100 Continue} only if {@code skipContinue}). */
    public Response response(boolean skipContinue) throws IOException {
        while (true) {
            Response response = readHead();
            if (!(skipContinue && response.status() == 100)) {
                return response;
            }
        }
    }

    /** Reads one response's status line and headers only, leaving its body unread. */
    public Response responseHead() throws IOException {
        String statusLine = readLine();
        if (statusLine == null) {
            throw new IOException("connection closed before a response");
        }
        Map<String, String> headers = new LinkedHashMap<>();
        for (String line = readLine(); line != null && !line.isEmpty(); line = readLine()) {
            int colon = line.indexOf(':');
            headers.put(
                    line.substring(0, colon).trim().toLowerCase(Locale.ROOT),
                    line.substring(colon + 1).trim());
        }
        return new Response(Integer.parseInt(statusLine.split(" ")[1]), headers, "");
    }

    private Response readHead() throws IOException {
        Response head = responseHead();
        Map<String, String> headers = head.headers();
        String body = "";
        if (headers.containsKey("content-length")) {
            body = new String(in.readNBytes(Integer.parseInt(headers.get("content-length"))), StandardCharsets.UTF_8);
        } else if ("chunked".equalsIgnoreCase(headers.get("transfer-encoding"))) {
            body = readChunked();
        }
        return new Response(head.status(), headers, body);
    }

    private String readChunked() throws IOException {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        for (int size = Integer.parseInt(readLine().trim(), 16);
                size > 0;
                size = Integer.parseInt(readLine().trim(), 16)) {
            body.writeBytes(in.readNBytes(size));
            readLine();
        }
        readLine();
        return body.toString(StandardCharsets.UTF_8);
    }

    private String readLine() throws IOException {
        ByteArrayOutputStream line = new ByteArrayOutputStream();
        for (int b = in.read(); b != -1; b = in.read()) {
            if (b == '\n') {
                String s = line.toString(StandardCharsets.ISO_8859_1);
                return s.endsWith("\r") ? s.substring(0, s.length() - 1) : s;
            }
            line.write(b);
        }
        return line.size() == 0 ? null : line.toString(StandardCharsets.ISO_8859_1);
    }

    @Override
    public void close() throws IOException {
        socket.close();
    }

    /** Status, lower-cased headers and body of one response. */
    public record Response(int status, Map<String, String> headers, String body) {}
}
