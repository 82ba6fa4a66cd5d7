package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** docker-compose.yml is accepted by Debian's docker-compose (validation needs no Docker daemon). */
class ComposeFileTest {

    @Test
    void dockerComposeAcceptsTheComposeFile() throws Exception {
        ExternalTool.Result result = ExternalTool.DOCKER_COMPOSE.run(
                RepoFiles.root(), 60, "--file", RepoFiles.composeFile().toString(), "config", "--quiet");
        assertThat(result.exitCode())
                .as("docker-compose config -q said:%n%s", result.output())
                .isZero();
    }

    @Test
    void composeFileRunsTheServiceIn512MbBehindAHealthyAzurite() throws Exception {
        ExternalTool.Result result = ExternalTool.DOCKER_COMPOSE.run(
                RepoFiles.root(), 60, "--file", RepoFiles.composeFile().toString(), "config");
        assertThat(result.exitCode()).as(result.output()).isZero();
        assertThat(result.output())
                .contains("mem_limit: 512m")
                .contains("--skipApiVersionCheck")
                .contains("condition: service_healthy")
                .contains("GF_AUTH_ANONYMOUS_ORG_ROLE: Viewer");
        assertThat(RepoFiles.root().resolve("upload-service/Dockerfile"))
                .as("the service's build file")
                .isRegularFile();
    }
}
