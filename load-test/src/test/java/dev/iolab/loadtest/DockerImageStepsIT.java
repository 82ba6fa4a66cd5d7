package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.stack.AzuriteProcess;
import dev.iolab.stack.LoopbackPorts;
import dev.iolab.stack.ManagedProcess;
import dev.iolab.stack.UploadServiceInfo;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.apache.commons.io.file.PathUtils;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * No Docker engine runs here, so the image's steps run for real outside Docker, read from
 * {@code upload-service/Dockerfile} itself: the build context is what {@code .dockerignore} lets through; the build
 * stage's {@code RUN} commands (the Maven Wrapper build, Spring Boot's layer extraction) run in a copy of it on this
 * JDK 25 with the build's Maven repository standing in for the cache mount; the image's {@code COPY --from} lines lay
 * the layers out; its {@code ENTRYPOINT} with its {@code ENV} starts the service against a real Azurite, which must
 * become healthy, list its strategies and store an upload. hadolint lints the file in CI ({@code .ci/run}).
 */
@Timeout(value = 8, unit = TimeUnit.MINUTES)
class DockerImageStepsIT {

    @TempDir
    Path work;

    @Test
    void theImagesBuildStepsLayersAndEntrypointWorkOnThisCheckout() throws Exception {
        DockerfileModel dockerfile = DockerfileModel.read(RepoFiles.dockerfile());
        DockerfileModel.Stage build = dockerfile.stage("build");
        DockerfileModel.Stage image = dockerfile.last();
        String text = Files.readString(RepoFiles.dockerfile(), StandardCharsets.UTF_8);
        assertThat(text)
                .as("no version written in the Dockerfile")
                .doesNotContain(System.getProperty("project.version"));
        assertThat(image.image()).as("the image runs on a JRE").endsWith("-jre");
        assertThat(image.all("USER"))
                .as("the image's user")
                .isNotEmpty()
                .allSatisfy(user ->
                        assertThat(user.arguments()).doesNotStartWith("0").doesNotStartWith("root"));
        assertThat(build.all("RUN").getFirst().flags()).containsEntry("mount", "type=cache,target=/root/.m2");

        // The build context, as Docker would send it, in place of the build stage's WORKDIR.
        Path context = work.resolve("context");
        DockerIgnore.read(RepoFiles.root().resolve(".dockerignore")).copyContext(RepoFiles.root(), context);
        assertThat(context.resolve("upload-service/target")).doesNotExist();
        assertThat(context.resolve("mvnw")).isExecutable();

        Map<String, String> env = new HashMap<>();
        String javaHome = System.getProperty("java.home");
        env.put("JAVA_HOME", javaHome);
        env.put("PATH", javaHome + "/bin:" + System.getenv("PATH"));
        // The cache mount: the build's own Maven repository, offline. The step needs only what the reactor build
        // itself downloaded, whichever JDK Maven ran on (it switches off the format check, which Maven on 17 skips).
        env.put("MAVEN_ARGS", "-o -q -Dmaven.repo.local=" + System.getProperty("iolab.maven.repo.local"));
        for (DockerfileModel.Instruction run : build.all("RUN")) {
            Path log = work.resolve("build-step.log");
            ProcessBuilder step = new ProcessBuilder("sh", "-c", run.arguments())
                    .directory(context.toFile())
                    .redirectErrorStream(true)
                    .redirectOutput(log.toFile());
            step.environment().putAll(env);
            Process process = step.start();
            assertThat(process.waitFor(6, TimeUnit.MINUTES))
                    .as("RUN %s finished", run.arguments())
                    .isTrue();
            assertThat(process.exitValue())
                    .as("RUN %s%n%s", run.arguments(), Files.readString(log))
                    .isZero();
        }

        // The image's file system: its COPY --from=build lines, the build stage's paths mapped onto the context.
        Path app = work.resolve("image").resolve(image.workdir().substring(1));
        Files.createDirectories(app);
        for (DockerfileModel.Instruction copy : image.all("COPY")) {
            assertThat(copy.flags()).containsEntry("from", "build");
            String[] paths = copy.arguments().split(" ");
            String source = paths[0];
            assertThat(source).startsWith(build.workdir() + "/");
            Path from = context.resolve(source.substring(build.workdir().length() + 1));
            assertThat(from).as("layer %s", source).isDirectory();
            PathUtils.copyDirectory(from, app.resolve(paths[1]).normalize());
        }
        assertThat(app.resolve("BOOT-INF/classes")).isDirectory();
        assertThat(app.resolve("BOOT-INF/lib")).isDirectory();

        try (AzuriteProcess azurite = AzuriteProcess.start(work.resolve("azurite"))) {
            List<String> command = new ArrayList<>(image.entrypoint());
            assertThat(command.getFirst()).isEqualTo("java");
            command.set(0, Path.of(javaHome, "bin", "java").toString());
            int port = LoopbackPorts.free();
            int managementPort = LoopbackPorts.free();
            Map<String, String> runtime = new HashMap<>(image.env());
            runtime.put("AZURE_STORAGE_CONNECTION_STRING", azurite.connectionString());
            runtime.put("SERVER_PORT", Integer.toString(port));
            runtime.put("SERVER_ADDRESS", "127.0.0.1");
            runtime.put("MANAGEMENT_SERVER_PORT", Integer.toString(managementPort));
            runtime.put("MANAGEMENT_SERVER_ADDRESS", "127.0.0.1");
            // The image is closed by default (no key: no start); a local run says it is open on purpose.
            runtime.put("UPLOAD_OPEN", "true");
            runtime.put("UPLOAD_TEMP_DIR", work.resolve("spool").toString());
            URI base = URI.create("http://127.0.0.1:" + port);
            URI management = URI.create("http://127.0.0.1:" + managementPort);
            try (ManagedProcess service =
                    ManagedProcess.start("image entrypoint", command, runtime, app, work.resolve("service.log"))) {
                service.awaitReady(
                        Duration.ofMinutes(2), ManagedProcess.httpOk(management.resolve("/actuator/health")));
                assertThat(UploadServiceInfo.fetch(management, null).strategies())
                        .contains("temp-file");
                HttpResponse<String> upload = HttpClient.newHttpClient()
                        .send(
                                HttpRequest.newBuilder(base.resolve("/uploads/from-the-image.bin"))
                                        .PUT(HttpRequest.BodyPublishers.ofByteArray(new byte[4096]))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString());
                assertThat(upload.statusCode()).as(upload.body()).isEqualTo(201);
                assertThat(service.tail()).contains("-XX:MaxRAMPercentage=60");
            }
        }
    }
}
