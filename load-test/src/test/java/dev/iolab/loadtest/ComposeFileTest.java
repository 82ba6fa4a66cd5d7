package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.AzuriteAccount;
import dev.iolab.stack.ExternalTool;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/** docker-compose.yml is accepted by Debian's docker-compose (validation needs no Docker daemon) and says what we mean. */
class ComposeFileTest {

    @Test
    void dockerComposeAcceptsTheComposeFile() throws Exception {
        ExternalTool.Result result = Tools.run(
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
        ExternalTool.Result result = Tools.run(
                ExternalTool.DOCKER_COMPOSE,
                RepoFiles.root(),
                60,
                "--file",
                RepoFiles.composeFile().toString(),
                "config");
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output())
                .contains("context: " + RepoFiles.root())
                .contains("dockerfile: upload-service/Dockerfile")
                .contains("mem_limit: 512m")
                .contains("--skipApiVersionCheck")
                .contains("condition: service_healthy")
                .contains("GF_AUTH_ANONYMOUS_ORG_ROLE: Viewer");
        assertThat(RepoFiles.dockerfile()).as("the service's build file").isRegularFile();
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
