package dev.iolab.loadtest;

import static io.gatling.javaapi.core.CoreDsl.RawFileBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.bodyString;
import static io.gatling.javaapi.core.CoreDsl.doIfOrElse;
import static io.gatling.javaapi.core.CoreDsl.exec;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.RawFileBodyPart;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import dev.iolab.loadtest.UploadOutcomes.Kind;
import dev.iolab.loadtest.UploadOutcomes.Outcome;
import dev.iolab.stack.ProcFs;
import dev.iolab.stack.UploadServiceInfo;
import io.gatling.javaapi.core.ChainBuilder;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.util.Locale;
import java.util.Map;

/**
 * The upload study's burst: {@code users} virtual users start at once, each uploading {@code uploadsPerUser} files
 * (one by default) of random bytes to the upload-service — the original experiment's 125 (or 200) simultaneous
 * uploads; with several strategies and many uploads per user, the study's soak.
 *
 * <p>Run against a running service (see {@code docs/load-test.md}):
 * <pre>{@code ./mvnw -pl load-test gatling:test -Dstrategy=on-demand -DfileSizeMb=10 -Dusers=200}</pre>
 * Properties: {@link UploadSettings}. Strategy {@code valet-key} drives the valet-key contract instead: grant
 * ({@code POST /uploads/{name}/grant?size=N&md5=…}), the bytes straight to storage ({@code PUT uploadUrl} with the
 * granted headers), complete ({@code POST completeUrl}) — see {@link ValetKeyGrant}. Strategy {@code sas-put} sends the
 * same file straight to a storage URL with a SAS ({@code storageUrl}) instead, no service involved: the study's
 * ceilings.
 *
 * <p>Users are distinct clients: with a loopback base URL each user connects from its own address
 * ({@code 127.0.1.1}, {@code 127.0.1.2}, …; Gatling's {@code localAddresses}, handed out round robin as users start),
 * so per-client limits of the service or of a balancer in front see as many clients as there are users.
 *
 * <p>Before the first request the simulation reads the service's strategy list from {@code /actuator/info} (on its
 * management port) and stops if a requested strategy is not on it. Assertions (a failure fails the build):
 * <ul>
 *   <li>every upload sends its requests: all requests = uploads (× 3 for valet-key: grant, PUT, complete);</li>
 *   <li>no request fails: with {@code users ≤ capacity} every answer must be 201 with the file's size and MD5;
 *       above capacity the surplus may be 503 with {@code Retry-After} (refused before the body was read), but
 *       a reset, a timeout or any other status is a failure — so accepted + refused = uploads.</li>
 * </ul>
 * Besides Gatling's report, the run prints (and with {@code -DoutcomesFile=…} writes as JSON) a tally of accepted,
 * refused by problem type and failed uploads with per-file times, which the study turns into tables.
 */
public class UploadSimulation extends Simulation {

    private final UploadSettings settings = UploadSettings.from(System.getProperties());
    private final RandomUploadFile file = RandomUploadFile.create(settings.fileSizeBytes(), settings.seed());
    private final UploadOutcomes outcomes = new UploadOutcomes();
    private final String runId = Long.toString(System.currentTimeMillis(), 36);
    /** This JVM's CPU seconds when the users start ({@link #before()}), NaN until then. */
    private double cpuAtStart = Double.NaN;

    public UploadSimulation() {
        HttpProtocolBuilder protocol = http.baseUrl(settings.baseUrl().toString())
                .disableWarmUp()
                .acceptHeader("application/json, application/problem+json")
                .userAgentHeader("iolab-load-test");
        if (settings.apiKey() != null) {
            protocol = protocol.authorizationHeader("Bearer " + settings.apiKey());
        }
        if (!settings.clientAddresses().isEmpty()) {
            protocol = protocol.localAddresses(settings.clientAddresses());
        }

        ChainBuilder oneUpload = exec(session -> session.removeAll(
                                "status",
                                "retryAfter",
                                "problemType",
                                "grantBody",
                                "grantError",
                                "uploadUrl",
                                "completeUrl",
                                "grantHeaders",
                                "storageStatus",
                                "completeStatus")
                        .set("strategy", settings.strategyFor(session.userId(), session.getInt("upload")))
                        .set("uploadName", uploadName(session))
                        .set("startMs", System.currentTimeMillis()))
                .doIfOrElse(session -> UploadSettings.VALET_KEY.equals(session.getString("strategy")))
                .then(valetKey())
                .orElse(serviceOrStorageUpload())
                .exec(session -> {
                    outcomes.record(outcomeOf(session));
                    return session.markAsSucceeded();
                });

        ScenarioBuilder burst = scenario(String.format(
                        Locale.ROOT,
                        "%d x %d x %s %s via %s",
                        settings.users(),
                        settings.uploadsPerUser(),
                        sizeLabel(settings.fileSizeBytes()),
                        settings.mode().name().toLowerCase(Locale.ROOT),
                        settings.strategyLabel()))
                .repeat(settings.uploadsPerUser(), "upload")
                .on(oneUpload);

        setUp(burst.injectOpen(atOnceUsers(settings.users())))
                .protocols(protocol)
                .assertions(
                        global().allRequests().count().is(expectedRequests()),
                        global().failedRequests().count().is(0L));
    }

    /** Checks the requested strategies against the service's own list before any upload. */
    @Override
    public void before() {
        cpuAtStart = ProcFs.selfCpuSeconds();
        if (settings.usesService()) {
            settings.checkStrategies(UploadServiceInfo.fetch(settings.managementUrl(), settings.apiKey())
                    .strategies());
        }
    }

    private long expectedRequests() {
        long requests = 0;
        // Gatling numbers users from 1.
        for (long user = 1; user <= settings.users(); user++) {
            for (int k = 0; k < settings.uploadsPerUser(); k++) {
                requests += UploadSettings.VALET_KEY.equals(settings.strategyFor(user, k)) ? 3 : 1;
            }
        }
        return requests;
    }

    private HttpRequestActionBuilder upload() {
        String path = file.path().toString();
        HttpRequestActionBuilder request = switch (settings.mode()) {
            case RAW ->
                http("upload")
                        .put(session -> "/uploads/" + session.getString("uploadName"))
                        .queryParam("strategy", session -> session.getString("strategy"))
                        .header("Content-Type", "application/octet-stream")
                        .body(RawFileBody(path));
            case MULTIPART ->
                http("upload")
                        .post("/uploads")
                        .queryParam("strategy", session -> session.getString("strategy"))
                        .bodyPart(RawFileBodyPart("file", path)
                                .fileName(session -> session.getString("uploadName"))
                                .contentType("application/octet-stream"))
                        .asMultipartForm();
        };
        // Saving checks first: a failing check further down must not hide what the answer was.
        request = capacityChecks(request.check(status().saveAs("status")))
                .checkIf((response, session) -> response.status().code() == 201)
                .then(
                        jsonPath("$.size").ofLong().is(file.size()),
                        jsonPath("$.md5").in(file.md5Hex(), file.md5Base64()));
        return request.check(settings.allMustSucceed() ? status().is(201) : status().in(201, 503));
    }

    private ChainBuilder valetKey() {
        HttpRequestActionBuilder grant = http("grant")
                .post(session -> "/uploads/" + session.getString("uploadName") + "/grant")
                .queryParam("size", Long.toString(file.size()))
                .queryParam("md5", file.md5Base64());
        grant = capacityChecks(
                        grant.check(status().saveAs("status"), bodyString().saveAs("grantBody")))
                .check(settings.allMustSucceed() ? status().is(201) : status().in(201, 503));
        HttpRequestActionBuilder put = http("put to storage")
                .put(session -> session.getString("uploadUrl"))
                // The service's own headers (its API key above all) are not for the storage account.
                .ignoreProtocolHeaders()
                .body(RawFileBody(file.path().toString()))
                .sign((request, session) -> {
                    Map<String, String> headers = session.get("grantHeaders");
                    headers.forEach((name, value) -> request.getHeaders().set(name, value));
                    return request;
                })
                .check(status().saveAs("storageStatus"), status().is(201));
        HttpRequestActionBuilder complete = http("complete")
                .post(session -> session.getString("completeUrl"))
                .check(status().saveAs("completeStatus"))
                .checkIf((response, session) -> response.status().code() == 201)
                .then(
                        jsonPath("$.size").ofLong().is(file.size()),
                        jsonPath("$.md5").in(file.md5Hex(), file.md5Base64()),
                        jsonPath("$.strategy").is(UploadSettings.VALET_KEY))
                .check(status().is(201));
        return exec(grant)
                .doIf(session -> session.contains("status") && session.getInt("status") == 201)
                .then(exec(session -> {
                            try {
                                ValetKeyGrant g =
                                        ValetKeyGrant.parse(session.getString("grantBody"), settings.baseUrl());
                                return session.set("uploadUrl", g.uploadUrl().toString())
                                        .set("completeUrl", g.completeUrl().toString())
                                        .set("grantHeaders", g.headers());
                            } catch (IllegalArgumentException e) {
                                return session.set("grantError", e.getMessage()).markAsFailed();
                            }
                        })
                        .doIf(session -> session.contains("uploadUrl"))
                        .then(exec(put)
                                .doIf(session ->
                                        session.contains("storageStatus") && session.getInt("storageStatus") == 201)
                                .then(exec(complete))));
    }

    /** One request: to the service, or with sas-put (when a storage URL is given) straight to storage. */
    private ChainBuilder serviceOrStorageUpload() {
        if (settings.storageUrl() == null) {
            return exec(upload());
        }
        return doIfOrElse(session -> UploadSettings.SAS_PUT.equals(session.getString("strategy")))
                .then(exec(sasPut()))
                .orElse(exec(upload()));
    }

    /**
     * The ceiling's upload: Put Blob of the file to {@code <storageUrl container>/<name>?<SAS>}; storage answers 201 with
     * the MD5 of what it stored, which must be the file's.
     */
    private HttpRequestActionBuilder sasPut() {
        URI storage = settings.storageUrl();
        String container = storage.getScheme() + "://" + storage.getRawAuthority() + storage.getRawPath();
        String sas = storage.getRawQuery();
        return http("put to storage")
                .put(session -> container + "/" + session.getString("uploadName") + "?" + sas)
                // The service's headers (its API key above all) are not for the storage account.
                .ignoreProtocolHeaders()
                .header("x-ms-blob-type", "BlockBlob")
                .header("Content-Type", "application/octet-stream")
                .body(RawFileBody(file.path().toString()))
                .check(status().saveAs("status"))
                .checkIf((response, session) -> response.status().code() == 201)
                .then(header("Content-MD5").is(file.md5Base64()))
                .check(status().is(201));
    }

    /** On a 503 the service names the refusal's problem type and says when to retry. */
    private static HttpRequestActionBuilder capacityChecks(HttpRequestActionBuilder request) {
        return request.checkIf((response, session) -> response.status().code() == 503)
                .then(
                        header("Retry-After").saveAs("retryAfter"),
                        jsonPath("$.type").optional().saveAs("problemType"));
    }

    private String uploadName(Session session) {
        return switch (settings.names()) {
            case UNIQUE ->
                String.format(
                        Locale.ROOT,
                        "lt-%s-%s-%s-%d-%d.bin",
                        runId,
                        session.getString("strategy"),
                        sizeLabel(settings.fileSizeBytes()),
                        session.userId(),
                        session.getInt("upload"));
            case PER_USER -> String.format(Locale.ROOT, "lt-%s-u%d.bin", runId, session.userId());
        };
    }

    static String sizeLabel(long bytes) {
        return bytes % (1024 * 1024) == 0 ? bytes / (1024 * 1024) + "m" : bytes / 1024 + "k";
    }

    private static Outcome outcomeOf(Session session) {
        String strategy = session.getString("strategy");
        long start = session.getLong("startMs");
        long end = System.currentTimeMillis();
        if (!session.contains("status")) {
            return failed(strategy, 0, "no response (reset or timeout)", start, end);
        }
        int status = session.getInt("status");
        if (status == 503 && session.contains("retryAfter")) {
            String type =
                    session.contains("problemType") ? session.getString("problemType") : "503 without problem type";
            return new Outcome(Kind.REFUSED, strategy, status, type, start, end);
        }
        if (!UploadSettings.VALET_KEY.equals(strategy)) {
            if (status == 201 && !session.isFailed()) {
                return new Outcome(Kind.ACCEPTED, strategy, status, "", start, end);
            }
            return failed(
                    strategy, status, status == 201 ? "201 with wrong size or MD5" : "status " + status, start, end);
        }
        if (status != 201) {
            return failed(strategy, status, "grant answered " + status, start, end);
        }
        if (session.contains("grantError")) {
            return failed(strategy, status, "malformed grant", start, end);
        }
        if (!session.contains("storageStatus")) {
            return failed(strategy, status, "storage PUT: no response", start, end);
        }
        int storage = session.getInt("storageStatus");
        if (storage != 201) {
            return failed(strategy, storage, "storage PUT answered " + storage, start, end);
        }
        if (!session.contains("completeStatus")) {
            return failed(strategy, 0, "complete: no response", start, end);
        }
        int complete = session.getInt("completeStatus");
        if (complete != 201) {
            return failed(strategy, complete, "complete answered " + complete, start, end);
        }
        if (session.isFailed()) {
            return failed(strategy, complete, "complete 201 with wrong size, MD5 or strategy", start, end);
        }
        return new Outcome(Kind.ACCEPTED, strategy, complete, "", start, end);
    }

    private static Outcome failed(String strategy, int status, String reason, long start, long end) {
        return new Outcome(Kind.FAILED, strategy, status, reason, start, end);
    }

    @Override
    public void after() {
        try {
            UploadOutcomes.Summary summary = outcomes.summarize(settings, ProcFs.selfCpuSeconds() - cpuAtStart);
            System.out.println("Upload outcomes: " + summary.toText());
            if (settings.outcomesFile() != null) {
                UploadOutcomes.write(settings.outcomesFile(), summary);
                System.out.println("Upload outcomes written to " + settings.outcomesFile());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + settings.outcomesFile(), e);
        } finally {
            file.close();
        }
    }
}
