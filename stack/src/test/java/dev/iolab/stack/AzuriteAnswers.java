package dev.iolab.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;

/** Checks that a URL reaches Azurite's blob service, directly or through a hop. */
final class AzuriteAnswers {

    private AzuriteAnswers() {}

    /**
     * An unsigned {@code GET <accountUrl>?comp=list} is refused (403) by Azurite's blob service, which asks for
     * authorization; its request ID shows the answer came from Azurite, not from whatever stands in front of it.
     *
     * @param accountUrl the development account's URL, e.g. {@code http://127.0.0.1:10000/devstoreaccount1}
     */
    static void assertRefusedByTheBlobService(String accountUrl) throws Exception {
        HttpResponse<String> answer = HttpClient.newHttpClient()
                .send(
                        HttpRequest.newBuilder(URI.create(accountUrl + "?comp=list"))
                                .GET()
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(403);
        assertThat(answer.headers().firstValue("x-ms-request-id")).isPresent();
    }
}
