package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * Debian's nginx as the hop in front of a real Azurite: requests reach Azurite through it (Azurite's own answer comes
 * back), it runs unprivileged from its work directory as a master and workers whose CPU is counted together, and
 * closing it stops them all. That a SAS upload streams through it byte-exact is the load test's (it has the Azure
 * SDK to sign one).
 */
@Timeout(120)
class NginxProcessTest {

    @TempDir
    Path dir;

    @Test
    void proxiesToAzuriteAndStopsMasterAndWorkersOnClose() throws Exception {
        RequiredTools.require(ExternalTool.NGINX);
        try (AzuriteProcess azurite = AzuriteProcess.start(dir.resolve("azurite"))) {
            NginxProcess nginx = NginxProcess.start(dir.resolve("nginx"), "127.0.0.1:" + azurite.port());
            List<ProcessHandle> processes;
            try {
                AzuriteAnswers.assertRefusedByTheBlobService(nginx.baseUrl() + "/devstoreaccount1");

                processes = nginx.processes();
                assertThat(processes).as("master and at least one worker").hasSizeGreaterThanOrEqualTo(2);
                assertThat(nginx.cpuSeconds()).isNotNaN().isGreaterThanOrEqualTo(0);
                assertThat(Files.readString(dir.resolve("nginx/nginx.conf")))
                        .contains("proxy_request_buffering off;", "client_max_body_size 0;", "keepalive 64;")
                        .doesNotContain("@");
            } finally {
                nginx.close();
            }
            for (ProcessHandle p : processes) {
                p.onExit().get(30, TimeUnit.SECONDS);
            }
            assertThat(ManagedProcess.tcpOpen(nginx.port()).getAsBoolean()).isFalse();
        }
    }
}
