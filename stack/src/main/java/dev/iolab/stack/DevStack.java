package dev.iolab.stack;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * Azurite (in memory) and the upload-service jar in one command, no Docker: what {@code scripts/dev-up.sh} runs.
 *
 * <pre>{@code
 * scripts/dev-up.sh                                    # service on http://127.0.0.1:8080
 * PORT=9090 scripts/dev-up.sh --upload.default-strategy=buffer-4k    # other port; arguments go to the service
 * JAVA_OPTS="-Xmx1g" scripts/dev-up.sh                 # the service's JVM options (default -Xmx512m)
 * }</pre>
 *
 * Ctrl-C stops both (shutdown hooks); logs stay in a temporary directory the start-up message names.
 */
public final class DevStack {

    private DevStack() {}

    public static void main(String[] args) throws Exception {
        if (Arrays.asList(args).contains("--help") || Arrays.asList(args).contains("-h")) {
            System.out.println("""
                    Usage: scripts/dev-up.sh [--<service property>=<value> ...]
                      Starts Azurite (in memory) and the upload-service jar on 127.0.0.1, no Docker.
                      Environment: PORT (default 8080), JAVA_OPTS (the service's JVM options, default -Xmx512m),
                      UPLOAD_CONTAINER (default uploads). Arguments are passed to the service.""");
            return;
        }
        int port = port(System.getenv("PORT"));
        String javaOpts = System.getenv().getOrDefault("JAVA_OPTS", "").strip();
        List<String> jvmOptions = javaOpts.isEmpty() ? List.of("-Xmx512m") : List.of(javaOpts.split("\\s+"));
        Path logs = Files.createTempDirectory("iolab-dev-");
        UploadServiceProcess.Settings settings = UploadServiceProcess.Settings.defaults()
                .withPort(port)
                .withJvmOptions(jvmOptions)
                .withArgs(new ArrayList<>(List.of(args)))
                .withContainer(System.getenv().getOrDefault("UPLOAD_CONTAINER", "uploads"));

        AzuriteProcess azurite = AzuriteProcess.start(logs);
        System.out.println("Azurite blob service on " + azurite.blobEndpoint() + " (in memory, log "
                + azurite.process().log() + ")");
        UploadServiceProcess service = UploadServiceProcess.start(settings, azurite, logs);
        String base = service.baseUrl().toString();
        System.out.println("upload-service on " + base + "  (" + String.join(" ", jvmOptions) + ", strategies "
                + service.strategies() + ", log " + service.process().log() + ")");
        System.out.println("  curl -T some.file '" + base + "/uploads/some.file?strategy=on-demand'");
        System.out.println("  curl -F file=@some.file '" + base + "/uploads?strategy=buffer-4k'");
        System.out.println("  curl -o copy.file '" + base + "/uploads/some.file'");
        System.out.println("  curl -s " + base + "/actuator/prometheus | grep iolab_upload");
        System.out.println("Ctrl-C stops Azurite and the service.");
        int exit = service.process().waitFor();
        azurite.close();
        System.err.println("upload-service exited with " + exit + "; log "
                + service.process().log() + ":\n" + service.process().tail());
        System.exit(exit == 0 ? 0 : 1);
    }

    private static int port(String value) {
        if (value == null || value.isBlank()) {
            return 8080;
        }
        try {
            int port = Integer.parseInt(value.strip());
            if (port < 1 || port > 65535) {
                throw new NumberFormatException();
            }
            return port;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("PORT must be a TCP port (1-65535), got '" + value + "'");
        }
    }
}
