package dev.iolab.upload.support;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.http.HttpResponse;

/** Assertions on the service's RFC 9457 answers. */
public final class Problems {

    /** What every problem {@code type} of the service starts with. */
    public static final String TYPE_PREFIX = "https://iolab.dev/problems/";

    private Problems() {}

    /** {@code response} is {@code status} with an {@code application/problem+json} body of type {@code type}. */
    public static void assertProblem(HttpResponse<String> response, int status, String type) {
        assertThat(response.statusCode()).as(response.body()).isEqualTo(status);
        assertThat(response.headers().firstValue("Content-Type"))
                .hasValueSatisfying(contentType -> assertThat(contentType).startsWith("application/problem+json"));
        assertThat(response.body()).contains("\"type\":\"" + TYPE_PREFIX + type + "\"");
    }
}
