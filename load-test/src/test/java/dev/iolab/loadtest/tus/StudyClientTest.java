package dev.iolab.loadtest.tus;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Both study clients keep {@link StudyClient}'s deadline: an upload still running when it passes counts as failed
 * ("timed out"), each on its own line of the outcomes, and the call returns, against a server that accepts connections
 * and never answers.
 */
@Timeout(value = 3, unit = TimeUnit.MINUTES)
class StudyClientTest {

    private static final long CHUNK = 64 * 1024;
    private static final int DEADLINE_SECONDS = 2;

    @TempDir
    Path dir;

    @Test
    void tusJavaClientsUploadsPastTheirDeadlineCountAsTimedOut() throws Exception {
        assertUploadsPastTheirDeadlineCountAsTimedOut(new JavaStudyClient(CHUNK));
    }

    @Test
    void tusJsClientsUploadsPastTheirDeadlineCountAsTimedOut() throws Exception {
        assertUploadsPastTheirDeadlineCountAsTimedOut(NodeStudyClient.prepare(CHUNK, dir));
    }

    private void assertUploadsPastTheirDeadlineCountAsTimedOut(StudyClient client) throws Exception {
        Path file = Files.write(dir.resolve("file.bin"), new byte[4096]);
        try (SilentServer server = new SilentServer()) {
            URI endpoint = URI.create("http://127.0.0.1:" + server.port() + "/files/");

            assertThat(client.uploadAll(endpoint, file, "late-", 2, DEADLINE_SECONDS))
                    .extracting(ResumingClient.Outcome::error)
                    .containsExactly("timed out", "timed out");
            assertThat(client.upload(endpoint, file, "late.bin", DEADLINE_SECONDS)
                            .error())
                    .isEqualTo("timed out");
            assertThat(server.accepted()).as("the clients reached the server").isNotEmpty();
        }
    }

    /** Accepts every connection on a free loopback port and holds it open without reading or answering. */
    private static final class SilentServer implements AutoCloseable {

        private final ServerSocket socket = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        private final List<Socket> accepted = new CopyOnWriteArrayList<>();

        SilentServer() throws IOException {
            Thread.ofPlatform().daemon().name("silent-server").start(this::accept);
        }

        int port() {
            return socket.getLocalPort();
        }

        List<Socket> accepted() {
            return accepted;
        }

        private void accept() {
            try {
                while (true) {
                    accepted.add(socket.accept());
                }
            } catch (IOException closed) {
                // close() ended the loop
            }
        }

        @Override
        public void close() throws IOException {
            socket.close();
            for (Socket held : accepted) {
                held.close();
            }
        }
    }
}
