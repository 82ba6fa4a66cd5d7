package dev.iolab.loadtest;

import static io.gatling.javaapi.core.CoreDsl.RawFileBody;
import static io.gatling.javaapi.core.CoreDsl.atOnceUsers;
import static io.gatling.javaapi.core.CoreDsl.global;
import static io.gatling.javaapi.core.CoreDsl.jsonPath;
import static io.gatling.javaapi.core.CoreDsl.scenario;
import static io.gatling.javaapi.http.HttpDsl.RawFileBodyPart;
import static io.gatling.javaapi.http.HttpDsl.header;
import static io.gatling.javaapi.http.HttpDsl.http;
import static io.gatling.javaapi.http.HttpDsl.status;

import dev.iolab.loadtest.UploadOutcomes.Kind;
import dev.iolab.loadtest.UploadOutcomes.Outcome;
import io.gatling.javaapi.core.ScenarioBuilder;
import io.gatling.javaapi.core.Session;
import io.gatling.javaapi.core.Simulation;
import io.gatling.javaapi.http.HttpProtocolBuilder;
import io.gatling.javaapi.http.HttpRequestActionBuilder;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Locale;

/**
 * The upload study's burst: {@code users} virtual users start at once, each uploading one file of
 * {@code fileSizeMb} MiB of random bytes to the upload-service with one strategy — the original experiment's
 * 125 (or 200) simultaneous uploads.
 *
 * <p>Run against a running service (see {@code docs/load-test.md}):
 * <pre>{@code ./mvnw -pl load-test gatling:test -Dstrategy=on-demand -DfileSizeMb=10 -Dusers=200}</pre>
 * Properties ({@link UploadSettings}): {@code baseUrl}, {@code strategy}, {@code fileSizeMb}, {@code users},
 * {@code mode} ({@code raw} | {@code multipart}), {@code capacity} (125), {@code apiKey}, {@code outcomesFile},
 * {@code seed}.
 *
 * <p>Assertions (a failure fails the build):
 * <ul>
 *   <li>each user sends exactly one request: all requests = {@code users};</li>
 *   <li>no request fails: with {@code users ≤ capacity} every answer must be 201 with the file's size and MD5;
 *       above capacity the surplus may be 503 with {@code Retry-After} (refused before the body was read), but
 *       a reset, a timeout or any other status is a failure — so accepted + refused = users.</li>
 * </ul>
 * Besides Gatling's report, the run prints (and with {@code -DoutcomesFile=…} writes as JSON) a tally of accepted,
 * refused by problem type and failed uploads with per-file times, which the study script turns into tables.
 */
public class UploadSimulation extends Simulation {

    private final UploadSettings settings = UploadSettings.from(System.getProperties());
    private final RandomUploadFile file = RandomUploadFile.create(settings.fileSizeBytes(), settings.seed());
    private final UploadOutcomes outcomes = new UploadOutcomes();
    private final String runId = Long.toString(System.currentTimeMillis(), 36);

    public UploadSimulation() {
        HttpProtocolBuilder protocol = http.baseUrl(settings.baseUrl().toString())
                .disableWarmUp()
                .acceptHeader("application/json, application/problem+json")
                .userAgentHeader("iolab-load-test");
        if (settings.apiKey() != null) {
            protocol = protocol.authorizationHeader("Bearer " + settings.apiKey());
        }

        ScenarioBuilder burst = scenario(String.format(
                        Locale.ROOT,
                        "%d x %d MiB %s via %s",
                        settings.users(),
                        settings.fileSizeMb(),
                        settings.mode().name().toLowerCase(Locale.ROOT),
                        settings.strategy()))
                .exec(session ->
                        session.set("uploadName", uploadName(session)).set("startMs", System.currentTimeMillis()))
                .exec(upload())
                .exec(session -> {
                    outcomes.record(outcomeOf(session));
                    return session;
                });

        setUp(burst.injectOpen(atOnceUsers(settings.users())))
                .protocols(protocol)
                .assertions(
                        global().allRequests().count().is((long) settings.users()),
                        global().failedRequests().count().is(0L));
    }

    private HttpRequestActionBuilder upload() {
        String query = "?strategy=" + settings.strategy();
        String path = file.path().toString();
        HttpRequestActionBuilder request = switch (settings.mode()) {
            case RAW ->
                http("upload")
                        .put(session -> "/uploads/" + session.getString("uploadName") + query)
                        .header("Content-Type", "application/octet-stream")
                        .body(RawFileBody(path));
            case MULTIPART ->
                http("upload")
                        .post("/uploads" + query)
                        .bodyPart(RawFileBodyPart("file", path)
                                .fileName(session -> session.getString("uploadName"))
                                .contentType("application/octet-stream"))
                        .asMultipartForm();
        };
        // Saving checks first: a failing check further down must not hide what the answer was.
        request = request.check(status().saveAs("status"))
                .checkIf((response, session) -> response.status().code() == 503)
                .then(
                        header("Retry-After").saveAs("retryAfter"),
                        jsonPath("$.type").optional().saveAs("problemType"))
                .checkIf((response, session) -> response.status().code() == 201)
                .then(
                        jsonPath("$.size").ofLong().is(file.size()),
                        jsonPath("$.md5").in(file.md5Hex(), file.md5Base64()));
        return settings.allMustSucceed() ? request.check(status().is(201)) : request.check(status().in(201, 503));
    }

    private String uploadName(Session session) {
        return String.format(
                Locale.ROOT,
                "lt-%s-%s-%dm-%d.bin",
                runId,
                settings.strategy(),
                settings.fileSizeMb(),
                session.userId());
    }

    private static Outcome outcomeOf(Session session) {
        long start = session.getLong("startMs");
        long end = System.currentTimeMillis();
        if (!session.contains("status")) {
            return new Outcome(Kind.FAILED, 0, "no response (reset or timeout)", start, end);
        }
        int status = session.getInt("status");
        if (status == 503 && session.contains("retryAfter")) {
            String type =
                    session.contains("problemType") ? session.getString("problemType") : "503 without problem type";
            return new Outcome(Kind.REFUSED, status, type, start, end);
        }
        if (status == 201 && !session.isFailed()) {
            return new Outcome(Kind.ACCEPTED, status, "", start, end);
        }
        String reason = status == 201 ? "201 with wrong size or MD5" : "status " + status;
        return new Outcome(Kind.FAILED, status, reason, start, end);
    }

    @Override
    public void after() {
        try {
            UploadOutcomes.Summary summary = outcomes.summarize(settings.users(), settings.fileSizeBytes());
            System.out.println("Upload outcomes: " + summary.toText());
            if (settings.outcomesFile() != null) {
                UploadOutcomes.write(settings.outcomesFile(), summary.toJson(settings));
                System.out.println("Upload outcomes written to " + settings.outcomesFile());
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + settings.outcomesFile(), e);
        } finally {
            file.close();
        }
    }
}
