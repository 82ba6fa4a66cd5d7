package dev.iolab.upload.valet;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import tools.jackson.databind.json.JsonMapper;

/**
 * The client's part of a valet-key upload, over plain HTTP as any client would do it: ask the service for a grant,
 * {@code PUT} the bytes straight to the store with the SAS URL and the headers it names, complete at the service.
 */
final class ValetKeyClient {

    private static final JsonMapper JSON = JsonMapper.builder().build();

    final HttpClient http =
            HttpClient.newBuilder().connectTimeout(Duration.ofMinutes(1)).build();
    private final int port;
    private final String apiKey;

    ValetKeyClient(int port, String apiKey) {
        this.port = port;
        this.apiKey = apiKey;
    }

    HttpRequest.Builder service(String pathAndQuery) {
        HttpRequest.Builder builder = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + pathAndQuery))
                .timeout(Duration.ofMinutes(2));
        return apiKey == null ? builder : builder.header("Authorization", "Bearer " + apiKey);
    }

    HttpResponse<String> grant(String name, String query) throws Exception {
        return send(service("/uploads/" + org.springframework.web.util.UriUtils.encodePath(name, StandardCharsets.UTF_8)
                        + "/grant" + query)
                .POST(HttpRequest.BodyPublishers.noBody())
                .build());
    }

    /** Asks for a grant of {@code content}'s size (and MD5, when {@code withMd5}) and expects 201. */
    Granted granted(String name, byte[] content, boolean withMd5) throws Exception {
        String query = "?size=" + content.length
                + (withMd5 ? "&md5=" + java.net.URLEncoder.encode(base64Md5(content), StandardCharsets.UTF_8) : "");
        HttpResponse<String> response = grant(name, query);
        assertThat(response.statusCode()).as(response.body()).isEqualTo(201);
        return Granted.parse(response.body());
    }

    /** {@code PUT}s {@code content} to the grant's upload URL with its headers: one Put Blob. */
    HttpResponse<String> put(Granted grant, byte[] content) throws Exception {
        HttpRequest.Builder put = HttpRequest.newBuilder(URI.create(grant.uploadUrl()))
                .timeout(Duration.ofMinutes(2))
                .PUT(HttpRequest.BodyPublishers.ofByteArray(content));
        grant.headers().forEach(put::header);
        return send(put.build());
    }

    /**
     * Stages {@code blocks} with the grant's SAS and commits them in order, declaring {@code md5} for the whole blob
     * ({@code x-ms-blob-content-md5}, which the store keeps without checking it) unless null: a block upload.
     */
    void putBlocks(Granted grant, List<byte[]> blocks, byte[] md5) throws Exception {
        StringBuilder list = new StringBuilder("<?xml version=\"1.0\" encoding=\"utf-8\"?><BlockList>");
        for (int i = 0; i < blocks.size(); i++) {
            String id =
                    Base64.getEncoder().encodeToString("block-%06d".formatted(i).getBytes(StandardCharsets.UTF_8));
            HttpResponse<String> staged = send(HttpRequest.newBuilder(URI.create(grant.uploadUrl()
                            + "&comp=block&blockid=" + java.net.URLEncoder.encode(id, StandardCharsets.UTF_8)))
                    .PUT(HttpRequest.BodyPublishers.ofByteArray(blocks.get(i)))
                    .build());
            assertThat(staged.statusCode()).as(staged.body()).isEqualTo(201);
            list.append("<Latest>").append(id).append("</Latest>");
        }
        HttpRequest.Builder commit = HttpRequest.newBuilder(URI.create(grant.uploadUrl() + "&comp=blocklist"));
        if (md5 != null) {
            commit.header("x-ms-blob-content-md5", Base64.getEncoder().encodeToString(md5));
        }
        HttpResponse<String> committed = send(commit.PUT(HttpRequest.BodyPublishers.ofString(
                        list.append("</BlockList>").toString()))
                .build());
        assertThat(committed.statusCode()).as(committed.body()).isEqualTo(201);
    }

    HttpResponse<String> complete(Granted grant) throws Exception {
        return complete(grant.completeUrl());
    }

    HttpResponse<String> complete(String completeUrl) throws Exception {
        return send(
                service(completeUrl).POST(HttpRequest.BodyPublishers.noBody()).build());
    }

    HttpResponse<String> send(HttpRequest request) throws Exception {
        return http.send(request, HttpResponse.BodyHandlers.ofString());
    }

    static String base64Md5(byte[] content) {
        try {
            return Base64.getEncoder()
                    .encodeToString(MessageDigest.getInstance("MD5").digest(content));
        } catch (java.security.NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The grant's JSON. */
    record Granted(String name, String uploadUrl, Map<String, String> headers, String expiresAt, String completeUrl) {

        static Granted parse(String json) {
            return JSON.readValue(json, Granted.class);
        }
    }
}
