package dev.iolab.upload.hostile;

import static dev.iolab.upload.support.Problems.assertProblem;
import static org.assertj.core.api.Assertions.assertThat;

import dev.iolab.upload.support.Payloads;
import dev.iolab.upload.web.BlobNames;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.springframework.boot.test.system.CapturedOutput;
import org.springframework.boot.test.system.OutputCaptureExtension;
import tools.jackson.databind.json.JsonMapper;

/**
 * A valet-key grant's signature binds exactly what it grants. Its ID is the terms and a MAC; an attacker who holds a
 * grant for {@code tenant/alice/r.bin} rearranges the bytes between the ID and the name: the name's prefix moved into
 * the ID (to complete as {@code r.bin}), or the ID's last bytes moved into the name. Both are 404 {@code
 * grant-not-found}, nothing appears under another name, nothing is logged at ERROR, and the holder of the grant
 * completes it as granted.
 */
@ExtendWith(OutputCaptureExtension.class)
class GrantFramingTest extends HostileUploadSupport {

    private static final JsonMapper JSON = JsonMapper.builder().build();
    private static final int MAC_LENGTH = 32;
    private static final String NAME = "tenant/alice/r.bin";

    @Test
    void aGrantForOneNameCompletesNothingElse(CapturedOutput output) throws Exception {
        byte[] content = Payloads.randomBytes(100_000, 36);
        Map<String, Object> grant = grant(NAME, content.length);
        HttpResponse<String> staged = putToStore(grant, content);
        assertThat(staged.statusCode()).as(staged.body()).isEqualTo(201);
        byte[] id = Base64.getUrlDecoder().decode(grantId(grant));
        byte[] terms = Arrays.copyOf(id, id.length - MAC_LENGTH);
        byte[] mac = Arrays.copyOfRange(id, id.length - MAC_LENGTH, id.length);
        int logged = output.getAll().length();

        // The prefix moved into the ID: terms + "tenant/alice/" + "r.bin" are the bytes the grant's MAC was over.
        String moved = encode(concat(terms, "tenant/alice/".getBytes(StandardCharsets.UTF_8), mac));
        assertProblem(complete("r.bin", moved), 404, "grant-not-found");

        // The ID's last bytes moved into the name: the same bytes in a row, an ID too short for its own lengths.
        for (int k = 1; k <= 3; k++) {
            String tail = new String(Arrays.copyOfRange(terms, terms.length - k, terms.length), StandardCharsets.UTF_8);
            String shifted = encode(concat(Arrays.copyOf(terms, terms.length - k), new byte[0], mac));
            assertProblem(complete(tail + NAME, shifted), 404, "grant-not-found");
        }
        assertThat(container.getBlobClient("r.bin").exists())
                .as("nothing under the shorter name")
                .isFalse();
        assertThat(output.getAll().substring(logged)).doesNotContain(" ERROR ", "\tat ");

        // The grant's holder, beside the attack: completes as granted, in its normal time.
        long start = System.nanoTime();
        HttpResponse<String> completed = complete(NAME, grantId(grant));
        assertThat(completed.statusCode()).as(completed.body()).isEqualTo(201);
        assertThat(Duration.ofNanos(System.nanoTime() - start)).isLessThan(Duration.ofSeconds(10));
        assertThat(container.getBlobClient(NAME).downloadContent().toBytes()).isEqualTo(content);
    }

    private Map<String, Object> grant(String name, long size) throws Exception {
        HttpResponse<String> granted = send(HttpRequest.newBuilder(uri(BlobNames.path(name) + "/grant?size=" + size))
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertThat(granted.statusCode()).as(granted.body()).isEqualTo(201);
        return JSON.readValue(granted.body(), Map.class);
    }

    @SuppressWarnings("unchecked")
    private HttpResponse<String> putToStore(Map<String, Object> grant, byte[] content) throws Exception {
        HttpRequest.Builder put = HttpRequest.newBuilder(URI.create((String) grant.get("uploadUrl")))
                .PUT(HttpRequest.BodyPublishers.ofByteArray(content));
        ((Map<String, String>) grant.get("headers")).forEach(put::header);
        return send(put);
    }

    private HttpResponse<String> complete(String name, String id) throws Exception {
        return send(HttpRequest.newBuilder(
                        uri(BlobNames.path(name) + "/complete?grant=" + URLEncoder.encode(id, StandardCharsets.UTF_8)))
                .POST(HttpRequest.BodyPublishers.noBody()));
    }

    private HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return http.send(request.timeout(Duration.ofMinutes(1)).build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String grantId(Map<String, Object> grant) {
        String completeUrl = (String) grant.get("completeUrl");
        return URLDecoder.decode(
                completeUrl.substring(completeUrl.indexOf("grant=") + "grant=".length()), StandardCharsets.UTF_8);
    }

    private static String encode(byte[] id) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(id);
    }

    private static byte[] concat(byte[] a, byte[] b, byte[] c) {
        byte[] all = Arrays.copyOf(a, a.length + b.length + c.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        System.arraycopy(c, 0, all, a.length + b.length, c.length);
        return all;
    }
}
