package dev.iolab.loadtest;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * The simulation's valet-key scenario against the contract (docs/upload-service.md), played by a stub that is both the
 * service (info, grant, complete) and the storage (the SAS URL): the real Gatling run grants, PUTs the bytes to the
 * granted URL with the granted headers and without the service's API key, and completes — and says so when the grant
 * is 404.
 */
@Timeout(180)
class ValetKeySimulationTest {

    private static final String KEY = "service-key";
    private static final int SIZE = 64 * 1024;

    @TempDir
    Path dir;

    private HttpServer server;
    private final Map<String, byte[]> stored = new ConcurrentHashMap<>();
    private final List<String> storageAuthorization = new CopyOnWriteArrayList<>();
    private final List<String> grantAuthorization = new CopyOnWriteArrayList<>();

    @AfterEach
    void stop() {
        if (server != null) {
            server.stop(0);
        }
    }

    private String start(boolean grants) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 50);
        String base = "http://127.0.0.1:" + server.getAddress().getPort();
        server.createContext("/actuator/info", ex -> answer(ex, 200, """
                {"upload":{"strategies":["on-demand"],"defaultStrategy":"on-demand"}}"""));
        server.createContext("/uploads/", ex -> {
            String path = ex.getRequestURI().getPath();
            String name = path.substring("/uploads/".length(), path.lastIndexOf('/'));
            if (path.endsWith("/grant") && grants) {
                grantAuthorization.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
                answer(ex, 201, """
                        {"name":"%s","uploadUrl":"%s/storage/%s?sv=1&sig=s%%2Bx%%3D","headers":{"x-ms-blob-type":"BlockBlob"},
                         "expiresAt":"2030-01-01T00:00:00Z","completeUrl":"/uploads/%s/complete?grant=g-%s"}""".formatted(name, base, name, name, name));
            } else if (path.endsWith("/complete") && stored.containsKey(name)) {
                byte[] bytes = stored.get(name);
                answer(ex, 201, """
                        {"name":"%s","size":%d,"md5":"%s","strategy":"valet-key","durationMs":1}""".formatted(name, bytes.length, md5(bytes)));
            } else {
                answer(ex, 404, "{\"type\":\"https://iolab.dev/problems/not-found\"}");
            }
        });
        server.createContext("/storage/", ex -> {
            boolean blockBlob = "BlockBlob".equals(ex.getRequestHeaders().getFirst("x-ms-blob-type"));
            boolean signed = "sv=1&sig=s%2Bx%3D".equals(ex.getRequestURI().getRawQuery());
            storageAuthorization.add(String.valueOf(ex.getRequestHeaders().getFirst("Authorization")));
            byte[] body = ex.getRequestBody().readAllBytes();
            if ("PUT".equals(ex.getRequestMethod()) && blockBlob && signed) {
                stored.put(ex.getRequestURI().getPath().substring("/storage/".length()), body);
                answer(ex, 201, "");
            } else {
                answer(ex, 403, "blob type " + blockBlob + ", signature kept " + signed);
            }
        });
        server.start();
        return base;
    }

    private GatlingRun.Result run(String base, Path outcomes) throws Exception {
        return GatlingRun.run(
                dir.resolve("gatling"),
                Map.of(
                        "baseUrl",
                        base,
                        // The stub serves /actuator/info on its one port.
                        "managementUrl",
                        base,
                        "strategy",
                        "valet-key",
                        "fileSizeKb",
                        Integer.toString(SIZE / 1024),
                        "users",
                        "3",
                        "apiKey",
                        KEY,
                        "outcomesFile",
                        outcomes.toString()),
                Duration.ofSeconds(150),
                false);
    }

    @Test
    void grantsPutsTheBytesStraightToStorageWithTheGrantedHeadersAndCompletes() throws Exception {
        Path outcomes = dir.resolve("outcomes.json");

        GatlingRun.Result result = run(start(true), outcomes);

        assertThat(result.exitCode()).as(result.output()).isZero();
        UploadOutcomes.Summary summary = UploadOutcomes.Summary.read(outcomes);
        assertThat(summary.accepted()).as(summary.toString()).isEqualTo(3);
        assertThat(summary.acceptedBy()).containsExactly(Map.entry("valet-key", 3));
        assertThat(stored)
                .hasSize(3)
                .allSatisfy((name, bytes) -> assertThat(bytes).hasSize(SIZE));
        assertThat(grantAuthorization).containsOnly("Bearer " + KEY);
        assertThat(storageAuthorization)
                .as("the service's API key never goes to storage")
                .containsOnly("null");
    }

    @Test
    void aServiceWithoutTheGrantEndpointFailsTheRunWithTheReason() throws Exception {
        Path outcomes = dir.resolve("outcomes.json");

        GatlingRun.Result result = run(start(false), outcomes);

        assertThat(result.exitCode()).as(result.output()).isEqualTo(2);
        UploadOutcomes.Summary summary = UploadOutcomes.Summary.read(outcomes);
        assertThat(summary.failedBy()).containsExactly(Map.entry("grant answered 404", 3));
        assertThat(stored).isEmpty();
    }

    private static void answer(HttpExchange ex, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        ex.getResponseHeaders().set("Content-Type", "application/json");
        ex.sendResponseHeaders(status, bytes.length == 0 ? -1 : bytes.length);
        if (bytes.length > 0) {
            ex.getResponseBody().write(bytes);
        }
        ex.close();
    }

    private static String md5(byte[] bytes) {
        try {
            return Base64.getEncoder()
                    .encodeToString(MessageDigest.getInstance("MD5").digest(bytes));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
