package dev.iolab.loadtest;

import java.net.URI;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;

/**
 * The knobs of {@link UploadSimulation}, read from system properties so that
 * {@code ./mvnw -pl load-test gatling:test -Dstrategy=on-demand -DfileSizeMb=10 -Dusers=200} works.
 *
 * <p>Bad values fail the run before a single request is sent, with a message naming the property.
 *
 * @param baseUrl      service root, default {@code http://127.0.0.1:8080}
 * @param strategy     upload-service strategy ID (see the HTTP contract), default {@code on-demand}
 * @param fileSizeMb   size of each uploaded file in MiB (1 MiB = 1,048,576 bytes), default 1
 * @param users        virtual users started at once, each uploading one file, default 125
 * @param mode         {@code raw} ({@code PUT /uploads/{name}}) or {@code multipart} ({@code POST /uploads})
 * @param capacity     uploads the service accepts at once (executor max pool + queue, 25 + 100 by default);
 *                     at or below it every upload must succeed, above it the surplus may be refused with 503
 * @param apiKey       sent as {@code Authorization: Bearer} when the service has {@code upload.api-key} set
 * @param outcomesFile where to write the per-run tally as JSON (the study script reads it); null for none
 * @param seed         seed of the random file content, so that runs are repeatable
 */
record UploadSettings(
        URI baseUrl,
        String strategy,
        int fileSizeMb,
        int users,
        Mode mode,
        int capacity,
        String apiKey,
        Path outcomesFile,
        long seed) {

    /** How the file travels: as the raw request body or as the {@code file} part of a multipart form. */
    enum Mode {
        RAW,
        MULTIPART
    }

    static final Set<String> STRATEGIES =
            Set.of("in-memory", "on-demand", "buffer-4k", "buffer-4m", "buffer-8m", "temp-file");

    static UploadSettings from(Properties props) {
        String baseUrl = props.getProperty("baseUrl", "http://127.0.0.1:8080").strip();
        URI uri;
        try {
            uri = URI.create(baseUrl.endsWith("/") ? baseUrl.substring(0, baseUrl.length() - 1) : baseUrl);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("baseUrl is not a URL: '" + baseUrl + "'", e);
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException("baseUrl must be an http(s) URL with a host, got '" + baseUrl + "'");
        }
        String strategy = props.getProperty("strategy", "on-demand").strip();
        if (!STRATEGIES.contains(strategy)) {
            throw new IllegalArgumentException(
                    "strategy must be one of " + STRATEGIES.stream().sorted().toList() + ", got '" + strategy + "'");
        }
        int fileSizeMb = positiveInt(props, "fileSizeMb", 1, 1, 2047);
        int users = positiveInt(props, "users", 125, 1, 100_000);
        String modeName = props.getProperty("mode", "raw").strip().toUpperCase(Locale.ROOT);
        Mode mode;
        try {
            mode = Mode.valueOf(modeName);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(
                    "mode must be raw or multipart, got '" + props.getProperty("mode") + "'");
        }
        int capacity = positiveInt(props, "capacity", 125, 1, 100_000);
        String apiKey = props.getProperty("apiKey", "").strip();
        String outcomes = props.getProperty("outcomesFile", "").strip();
        long seed;
        try {
            seed = Long.parseLong(props.getProperty("seed", "20251122").strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("seed must be a whole number, got '" + props.getProperty("seed") + "'");
        }
        return new UploadSettings(
                uri,
                strategy,
                fileSizeMb,
                users,
                mode,
                capacity,
                apiKey.isEmpty() ? null : apiKey,
                outcomes.isEmpty() ? null : Path.of(outcomes).toAbsolutePath(),
                seed);
    }

    /** Bytes per file: {@code fileSizeMb} MiB. */
    long fileSizeBytes() {
        return fileSizeMb * 1024L * 1024L;
    }

    /** True when every user fits in the service's capacity, so that every upload must be accepted. */
    boolean allMustSucceed() {
        return users <= capacity;
    }

    private static int positiveInt(Properties props, String name, int defaultValue, int min, int max) {
        String raw = props.getProperty(name);
        if (raw == null || raw.isBlank()) {
            return defaultValue;
        }
        try {
            int value = Integer.parseInt(raw.strip());
            if (value < min || value > max) {
                throw new IllegalArgumentException(name + " must be between " + min + " and " + max + ", got " + value);
            }
            return value;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " must be a whole number, got '" + raw + "'");
        }
    }
}
