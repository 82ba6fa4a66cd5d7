package dev.iolab.loadtest.scale;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which replica served which upload, from lines of HAProxy's access log as HAProxy 2.6 writes them. */
class HaproxyLogTest {

    @TempDir
    Path dir;

    @Test
    void mapsEachUploadAndEachCompletionToTheReplicaHaproxySentItTo() throws Exception {
        Path log = dir.resolve("haproxy.log");
        Files.writeString(log, """
                [NOTICE]   (27336) : New worker (27339) forked
                127.0.1.7:41234 [27/Nov/2026:04:37:14.272] uploads upload-service/replica-1 0/0/3/108/112 201 277 - - ---- 1/1/0/0/0 0/0 "PUT /uploads/a-7.bin?strategy=temp-file HTTP/1.1"
                127.0.1.8:41236 [27/Nov/2026:04:37:14.280] uploads upload-service/replica-2 0/0/3/108/112 503 310 - - ---- 1/1/0/0/0 0/0 "PUT /uploads/a-8.bin?strategy=temp-file HTTP/1.1"
                127.0.1.9:41238 [27/Nov/2026:04:37:15.001] uploads upload-service/replica-1 0/0/0/-1/4012 502 209 - - SH-- 3/3/2/1/0 0/0 "PUT /uploads/b-9.bin?strategy=temp-file HTTP/1.1"
                127.0.0.1:50000 [27/Nov/2026:04:37:16.000] uploads upload-service/replica-2 0/0/1/20/21 201 301 - - ---- 1/1/0/0/0 0/0 "POST /uploads/grant-0.bin/complete?grant=abc HTTP/1.1"
                127.0.0.1:34926 [27/Nov/2026:05:30:01.730] stats stats/<PROMEX> 0/0/0/0/0 200 55456 - - LR-- 2/2/0/0/0 0/0 "GET /metrics HTTP/1.1"
                """);

        assertThat(HaproxyLog.replicas(log))
                .containsEntry("a-7.bin", "replica-1")
                .containsEntry("a-8.bin", "replica-2")
                .containsEntry("b-9.bin", "replica-1")
                .containsEntry("grant-0.bin/complete", "replica-2")
                .hasSize(4);
    }
}
