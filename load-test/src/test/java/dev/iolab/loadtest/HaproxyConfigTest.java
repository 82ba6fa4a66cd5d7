package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.HaproxyProcess;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;

/**
 * The HAProxy configuration is accepted by the HAProxy that reads it (Debian's, the compose image's release), both as
 * committed for compose and as the stack derives it for loopback, and the two differ only in addresses, replicas and
 * Docker's resolver: every balancing, checking, timeout and retry setting is the same in both.
 */
class HaproxyConfigTest {

    @Test
    void haproxyAcceptsTheComposeConfiguration() throws Exception {
        ExternalTool.Result result = Tools.run(
                ExternalTool.HAPROXY,
                RepoFiles.root(),
                60,
                "-c",
                "-f",
                RepoFiles.haproxyConfig().toString());

        assertThat(result.exitCode())
                .as("haproxy -c said:%n%s", result.output())
                .isZero();
        // Outside Docker the replicas' names do not resolve; HAProxy starts them as down (init-addr none) and says so.
        assertThat(result.output().lines().filter(l -> l.contains("[WARNING]")))
                .allSatisfy(l -> assertThat(l).contains("could not resolve address 'upload-service-"));
    }

    @Test
    void haproxyAcceptsTheStacksVariantWhichChangesOnlyAddressesAndReplicas() throws Exception {
        Path dir = Files.createTempDirectory("iolab-haproxy-config-");
        try {
            Path config = HaproxyProcess.writeConfig(
                    dir,
                    18080,
                    18404,
                    List.of(
                            new HaproxyProcess.Backend("replica-1", 18081, 18091),
                            new HaproxyProcess.Backend("replica-2", 18082, 18092),
                            new HaproxyProcess.Backend("replica-3", 18083, 18093)));
            ExternalTool.Result result = Tools.run(ExternalTool.HAPROXY, dir, 60, "-c", "-f", config.toString());
            assertThat(result.exitCode()).as(result.output()).isZero();
            assertThat(result.output()).doesNotContain("[WARNING]");

            List<String> committed = Files.readAllLines(RepoFiles.haproxyConfig(), StandardCharsets.UTF_8);
            List<String> derived = Files.readAllLines(config, StandardCharsets.UTF_8);
            List<String> removed = new ArrayList<>(committed);
            removed.removeAll(derived);
            List<String> added = new ArrayList<>(derived);
            added.removeAll(committed);
            assertThat(removed)
                    .allSatisfy(l -> assertThat(l)
                            .matches("    bind :\\d+|resolvers docker|    nameserver .*|    hold .*"
                                    + "|    default-server .*|    server replica-\\d .*"));
            assertThat(added)
                    .containsExactly(
                            "    bind 127.0.0.1:18080",
                            "    default-server check inter 1s fastinter 250ms downinter 1s fall 2 rise 2 observe layer4"
                                    + " error-limit 1 on-error fastinter",
                            "    server replica-1 127.0.0.1:18081 port 18091",
                            "    server replica-2 127.0.0.1:18082 port 18092",
                            "    server replica-3 127.0.0.1:18083 port 18093",
                            "    bind 127.0.0.1:18404");
        } finally {
            PathUtils.deleteDirectory(dir);
        }
    }
}
