package dev.iolab.loadtest;

import dev.iolab.stack.ClientAddresses;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Properties;

/**
 * The knobs of {@link UploadSimulation}, read from system properties so that
 * {@code ./mvnw -pl load-test gatling:test -Dstrategy=on-demand -DfileSizeMb=10 -Dusers=200} works.
 *
 * <p>Bad values fail the run before a single request is sent, with a message naming the property. Which strategy IDs
 * exist is the service's business: {@link #checkStrategies} holds them against the list the service publishes at
 * {@code /actuator/info}.
 *
 * @param baseUrl        where uploads go (the service, or HAProxy in front of replicas), default
 *                       {@code http://127.0.0.1:8080}
 * @param managementUrl  where the service's {@code /actuator/info} is (its management port), default the base URL's
 *                       host and port + 1, as {@code scripts/dev-up.sh} and docker-compose lay them out
 * @param strategies     strategy IDs (property {@code strategy}, comma-separated): one for a burst; several for a
 *                       mixed run, where upload <i>k</i> of a user takes strategy <i>(user + k) mod n</i>;
 *                       {@value #VALET_KEY} drives the valet-key endpoints (grant, PUT to storage, complete);
 *                       {@value #SAS_PUT} PUTs straight to {@code storageUrl}, no service involved
 * @param fileSizeBytes  bytes per file: {@code fileSizeMb} MiB (default 1), or {@code fileSizeKb} KiB when given
 * @param users          virtual users started at once, default 125
 * @param uploadsPerUser uploads each user makes one after the other, default 1 (a soak sends many)
 * @param mode           {@code raw} ({@code PUT /uploads/{name}}) or {@code multipart} ({@code POST /uploads})
 * @param capacity       uploads the service accepts at once (executor max pool + queue, 25 + 100 by default);
 *                       at or below it every upload must succeed, above it the surplus may be refused with 503
 * @param names          {@code unique} (every upload its own blob, default) or {@code per-user} (a user's uploads
 *                       overwrite one blob: a soak's store stays small, and no two writers share a name)
 * @param apiKey         sent as {@code Authorization: Bearer} when the service has {@code upload.api-key} set
 * @param outcomesFile   where to write the run's tally as JSON (the study reads it); null for none
 * @param seed           seed of the random file content, so that runs are repeatable
 * @param clientAddresses each user's own source address (property {@code clients}: {@code distinct}, the default
 *                       for a loopback base URL, binds user <i>i</i> to {@code 127.0.x.y} number <i>i</i>, so that
 *                       the service sees as many clients as users; {@code shared}, the default otherwise, leaves the
 *                       choice to the OS); empty when shared
 * @param storageUrl     for {@value #SAS_PUT}: a container URL with a SAS allowing create and write, straight to
 *                       storage or through a proxy in front of it; null otherwise
 */
public record UploadSettings(
        URI baseUrl,
        URI managementUrl,
        List<String> strategies,
        long fileSizeBytes,
        int users,
        int uploadsPerUser,
        Mode mode,
        int capacity,
        Names names,
        String apiKey,
        Path outcomesFile,
        long seed,
        List<String> clientAddresses,
        URI storageUrl) {

    /** The valet-key endpoints' pseudo-strategy: not one of the service's strategies, its own endpoint. */
    public static final String VALET_KEY = "valet-key";

    /**
     * Not the service's: the same clients PUT the same file straight to a storage URL with a SAS ({@code storageUrl}),
     * as Put Blob — the study's ceilings (to Azurite itself, or through nginx in front of it).
     */
    public static final String SAS_PUT = "sas-put";

    /** How the file travels: as the raw request body or as the {@code file} part of a multipart form. */
    public enum Mode {
        RAW,
        MULTIPART
    }

    /** How uploads are named. */
    public enum Names {
        UNIQUE,
        PER_USER
    }

    public static UploadSettings from(Properties props) {
        URI uri = httpUrl("baseUrl", props.getProperty("baseUrl", "http://127.0.0.1:8080"));
        String management = props.getProperty("managementUrl", "").strip();
        URI managementUri = management.isEmpty() ? nextPort(uri) : httpUrl("managementUrl", management);
        List<String> strategies = strategies(props);
        int users = positiveInt(props, "users", 125, 1, 100_000);
        int uploadsPerUser = positiveInt(props, "uploadsPerUser", 1, 1, 1_000_000);
        Mode mode = choice(props, "mode", "raw", Mode.class);
        Names names = choice(props, "names", "unique", Names.class);
        int capacity = positiveInt(props, "capacity", 125, 1, 100_000);
        String apiKey = props.getProperty("apiKey", "").strip();
        String outcomes = props.getProperty("outcomesFile", "").strip();
        return new UploadSettings(
                uri,
                managementUri,
                strategies,
                fileSizeBytes(props),
                users,
                uploadsPerUser,
                mode,
                capacity,
                names,
                apiKey.isEmpty() ? null : apiKey,
                outcomes.isEmpty() ? null : Path.of(outcomes).toAbsolutePath(),
                seed(props),
                clientAddresses(props, uri, users),
                storageUrl(props, strategies));
    }

    /** The comma-separated {@code strategy} list; at least one. */
    private static List<String> strategies(Properties props) {
        List<String> strategies = new ArrayList<>();
        for (String s : props.getProperty("strategy", "on-demand").split(",")) {
            if (!s.isBlank()) {
                strategies.add(s.strip());
            }
        }
        if (strategies.isEmpty()) {
            throw new IllegalArgumentException("strategy must name at least one strategy ID");
        }
        return List.copyOf(strategies);
    }

    /** {@code fileSizeKb} when given, else {@code fileSizeMb}, in bytes. */
    private static long fileSizeBytes(Properties props) {
        if (props.getProperty("fileSizeKb") != null
                && !props.getProperty("fileSizeKb").isBlank()) {
            return positiveInt(props, "fileSizeKb", 1024, 1, 2047 * 1024) * 1024L;
        }
        return positiveInt(props, "fileSizeMb", 1, 1, 2047) * 1024L * 1024L;
    }

    private static long seed(Properties props) {
        try {
            return Long.parseLong(props.getProperty("seed", "20251122").strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("seed must be a whole number, got '" + props.getProperty("seed") + "'");
        }
    }

    /**
     * Each user's own loopback address ({@code clients=distinct}, the default for a loopback {@code baseUrl}), or none
     * ({@code clients=shared}).
     */
    private static List<String> clientAddresses(Properties props, URI uri, int users) {
        String clients = props.getProperty("clients", "").strip();
        boolean loopback = ClientAddresses.isLoopback(uri.getHost());
        if (clients.isEmpty()) {
            clients = loopback ? "distinct" : "shared";
        }
        return switch (clients) {
            case "distinct" -> {
                if (!loopback) {
                    throw new IllegalArgumentException(
                            "clients=distinct needs a loopback baseUrl (each user gets its own"
                                    + " 127.0.x.y address), got '" + uri + "'; use clients=shared");
                }
                if (users > ClientAddresses.MAX) {
                    throw new IllegalArgumentException("clients=distinct gives at most " + ClientAddresses.MAX
                            + " users their own address, not " + users + "; use clients=shared");
                }
                yield ClientAddresses.loopback(users);
            }
            case "shared" -> List.of();
            default ->
                throw new IllegalArgumentException("clients must be one of [distinct, shared], got '" + clients + "'");
        };
    }

    /** The container URL with a SAS that {@value #SAS_PUT} uploads to; null when none is given or needed. */
    private static URI storageUrl(Properties props, List<String> strategies) {
        String storage = props.getProperty("storageUrl", "").strip();
        URI storageUri = storage.isEmpty() ? null : httpUrl("storageUrl", storage);
        if (strategies.contains(SAS_PUT) && (storageUri == null || storageUri.getRawQuery() == null)) {
            throw new IllegalArgumentException(
                    "strategy " + SAS_PUT + " needs storageUrl: a container URL with a SAS (…/container?sv=…&sig=…)");
        }
        return storageUri;
    }

    private static URI httpUrl(String name, String raw) {
        String value = raw.strip();
        URI uri;
        try {
            uri = URI.create(value.endsWith("/") ? value.substring(0, value.length() - 1) : value);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(name + " is not a URL: '" + value + "'", e);
        }
        if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme()) || uri.getHost() == null) {
            throw new IllegalArgumentException(name + " must be an http(s) URL with a host, got '" + value + "'");
        }
        return uri;
    }

    /** The same scheme and host, port + 1: where dev-up and compose put the management port. */
    private static URI nextPort(URI base) {
        int port = base.getPort() > 0 ? base.getPort() : "https".equals(base.getScheme()) ? 443 : 80;
        return URI.create(
                base.getScheme() + "://" + base.getRawAuthority().replaceFirst(":\\d+$", "") + ":" + (port + 1));
    }

    /** True when some upload goes through the service (not only {@value #SAS_PUT} straight to storage). */
    public boolean usesService() {
        return strategies.stream().anyMatch(s -> !s.equals(SAS_PUT));
    }

    /**
     * Fails unless every strategy is one the service offers ({@code offered}, from its {@code /actuator/info}),
     * {@value #VALET_KEY} or {@value #SAS_PUT}.
     */
    public void checkStrategies(Collection<String> offered) {
        for (String s : strategies) {
            if (!s.equals(VALET_KEY) && !s.equals(SAS_PUT) && !offered.contains(s)) {
                throw new IllegalArgumentException("strategy must be one of " + offered + " (the service's list at "
                        + managementUrl + "/actuator/info), " + VALET_KEY + " or " + SAS_PUT + ", got '" + s + "'");
            }
        }
    }

    /** The strategy of upload {@code index} (0-based) of user {@code userId}: round robin over the list. */
    public String strategyFor(long userId, int index) {
        return strategies.get((int) ((userId + index) % strategies.size()));
    }

    /** Total uploads of the run. */
    public long totalUploads() {
        return (long) users * uploadsPerUser;
    }

    /** The strategy list as written in the property ({@code a,b,c}). */
    public String strategyLabel() {
        return String.join(",", strategies);
    }

    /** True when every user fits in the service's capacity, so that every upload must be accepted. */
    public boolean allMustSucceed() {
        return users <= capacity;
    }

    private static <E extends Enum<E>> E choice(Properties props, String name, String defaultValue, Class<E> type) {
        String raw = props.getProperty(name, defaultValue).strip();
        try {
            return Enum.valueOf(type, raw.toUpperCase(Locale.ROOT).replace('-', '_'));
        } catch (IllegalArgumentException e) {
            List<String> allowed = new ArrayList<>();
            for (E value : type.getEnumConstants()) {
                allowed.add(value.name().toLowerCase(Locale.ROOT).replace('_', '-'));
            }
            throw new IllegalArgumentException(name + " must be one of " + allowed + ", got '" + raw + "'");
        }
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
