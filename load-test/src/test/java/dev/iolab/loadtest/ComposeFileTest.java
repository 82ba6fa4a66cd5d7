package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.AzuriteAccount;
import dev.iolab.stack.ExternalTool;
import dev.iolab.stack.RequiredTools;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docker-compose.yml is accepted by Debian's docker-compose (validation needs no Docker daemon) and says what we mean. */
class ComposeFileTest {

    @Test
    void dockerComposeAcceptsTheComposeFile() throws Exception {
        ExternalTool.Result result = RequiredTools.run(
                ExternalTool.DOCKER_COMPOSE,
                RepoFiles.root(),
                60,
                "--file",
                RepoFiles.composeFile().toString(),
                "config",
                "--quiet");
        assertThat(result.exitCode())
                .as("docker-compose config -q said:%n%s", result.output())
                .isZero();
    }

    @Test
    void composeFileBuildsTheServiceFromTheRepositoryRootAndRunsItIn512MbBehindAHealthyAzurite() throws Exception {
        String resolved = resolvedComposeFile();
        assertThat(resolved)
                .contains("context: " + RepoFiles.root())
                .contains("dockerfile: upload-service/Dockerfile")
                .contains("mem_limit: 512m")
                .contains("--skipApiVersionCheck")
                .contains("condition: service_healthy")
                .contains("GF_AUTH_ANONYMOUS_ORG_ROLE: Viewer");
        assertThat(RepoFiles.dockerfile()).as("the service's build file").isRegularFile();
    }

    @Test
    void twoReplicasServeHealthOnTheirManagementPortBehindHaproxy() throws Exception {
        String resolved = resolvedComposeFile();
        for (String replica : List.of("upload-service-1", "upload-service-2")) {
            assertThat(service(resolved, replica))
                    .as(replica)
                    .contains("mem_limit: 512m")
                    .contains("MANAGEMENT_SERVER_PORT: '8081'")
                    .contains("SERVER_PORT: '8080'")
                    .contains("UPLOAD_OPEN: \"true\"")
                    .contains("exec 3<>/dev/tcp/127.0.0.1/8081");
        }
        assertThat(service(resolved, "haproxy"))
                .containsPattern("image: haproxy:[0-9.]+-alpine")
                .contains("haproxy.cfg:/usr/local/etc/haproxy/haproxy.cfg:ro")
                .contains("127.0.0.1:8080:8080")
                .contains("condition: service_healthy");
        assertThat(service(resolved, "prometheus")).contains("ops/prometheus:/etc/prometheus:ro");
        // The file HAProxy mounts names both replicas and checks their management port.
        assertThat(RepoFiles.haproxyConfig())
                .content()
                .contains("server replica-1 upload-service-1:8080 port 8081")
                .contains("server replica-2 upload-service-2:8080 port 8081")
                .contains("http-check send meth GET uri /actuator/health");
    }

    @Test
    void theTusFrontRunsTheCommittedNginxFileBeforeBothReplicasWithTheirSecretAndIsTrustedByThem() throws Exception {
        String resolved = resolvedComposeFile();
        String front = service(resolved, "tus-front");
        assertThat(front)
                .contains("dockerfile: ops/nginx/Dockerfile")
                .contains("127.0.0.1:8085:8081")
                .contains("ipv4_address: 172.30.78.11")
                .contains("condition: service_healthy");
        String secret = front.lines()
                .filter(line -> line.contains("UPLOAD_RESUMABLE_FRONT_SECRET:"))
                .findFirst()
                .orElseThrow()
                .strip();
        for (String replica : List.of("upload-service-1", "upload-service-2")) {
            assertThat(service(resolved, replica))
                    .as("%s: the front's secret, its address trusted, the name the front sends to", replica)
                    .contains(secret)
                    .contains("UPLOAD_PROXY_TRUSTED: 172.30.78.10,172.30.78.11")
                    .contains("- service");
        }
        // The image runs the committed file itself, whose upstreams are the compose names.
        assertThat(RepoFiles.root().resolve("ops/nginx/Dockerfile"))
                .content()
                .contains("COPY ops/nginx/tus-front.conf /etc/nginx/tus-front.conf")
                .contains("nginx-light libnginx-mod-http-lua");
        assertThat(RepoFiles.root().resolve("ops/nginx/tus-front.conf"))
                .content()
                .contains("server service:8080;")
                .contains("server azurite:10000;")
                .contains("listen 8081;");
    }

    private static String resolvedComposeFile() throws Exception {
        ExternalTool.Result result = RequiredTools.run(
                ExternalTool.DOCKER_COMPOSE,
                RepoFiles.root(),
                60,
                "--file",
                RepoFiles.composeFile().toString(),
                "config");
        assertThat(result.exitCode()).as(result.output()).isZero();
        return result.output();
    }

    /** One service's block of the resolved file (its lines up to the next service at the same indentation). */
    private static String service(String resolved, String name) {
        Matcher block = Pattern.compile("(?ms)^  " + Pattern.quote(name) + ":\n(.*?)(?=^  \\S|^\\S|\\z)")
                .matcher(resolved);
        assertThat(block.find())
                .as("service %s in the resolved compose file", name)
                .isTrue();
        return block.group(1);
    }

    /** The compose file cannot import the Java constant, so this holds its copy of the account against it. */
    @Test
    void composeFileUsesTheAzuriteDevelopmentAccountOfTheStack() throws Exception {
        String compose = Files.readString(RepoFiles.composeFile(), StandardCharsets.UTF_8);
        Matcher fallback = Pattern.compile(
                        "AZURE_STORAGE_CONNECTION_STRING: \\$\\{AZURE_STORAGE_CONNECTION_STRING:-(.*)}")
                .matcher(compose);

        assertThat(fallback.find())
                .as("the service's default connection string in docker-compose.yml")
                .isTrue();
        assertThat(fallback.group(1))
                .isEqualTo(AzuriteAccount.connectionString(AzuriteAccount.blobEndpoint("azurite", 10000)));
        assertThat(compose.split(Pattern.quote(AzuriteAccount.KEY), -1))
                .as("the key appears once, in that default")
                .hasSize(2);
    }
}
