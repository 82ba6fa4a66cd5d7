package dev.iolab.upload.web;

import java.net.URI;
import org.springframework.http.HttpStatus;
import org.springframework.http.HttpStatusCode;

/**
 * A cause the service answers with its own RFC 9457 problem {@code type}. Each feature declares its causes as an enum
 * of its own ({@code UploadProblem}, {@code DownloadProblem}, {@code ValetKeyProblem}), each constant holding its
 * {@link Data}; the causes any route may meet are {@link WebProblem}. The URIs are stable identifiers (clients match on them), documented in
 * {@code docs/upload-service.md} and, per route with an example each, in the OpenAPI document ({@link ApiParts}).
 */
public interface ProblemType {

    /** What every problem {@code type} URI of the service starts with. */
    String URI_PREFIX = "https://iolab.dev/problems/";

    /** What this type is: its URI's slug, status, title and how its detail is answered. */
    Data data();

    /** The {@code type} URI's last segment, e.g. {@code too-large}. */
    default String slug() {
        return data().slug();
    }

    /** The answer's status: an {@link HttpStatus}, or a code Spring does not name (tus's 460). */
    default HttpStatusCode status() {
        return data().status();
    }

    /** The problem's {@code title}: the same for every answer of this type. */
    default String title() {
        return data().title();
    }

    default URI type() {
        return URI.create(URI_PREFIX + slug());
    }

    /**
     * Whether the client is asked to send again later, with {@code Retry-After}: every 503 is a capacity refusal (a
     * queue, a budget, a slot or a store that is recovering), and a 429 would refuse one client over its share.
     */
    default boolean retryLater() {
        return status().value() == HttpStatus.SERVICE_UNAVAILABLE.value()
                || status().value() == HttpStatus.TOO_MANY_REQUESTS.value();
    }

    /** The detail answered when a failure's own is missing or would reveal the service's insides. */
    default String fixedDetail() {
        return data().fixedDetail();
    }

    /** Whether the answer's detail is always {@link #fixedDetail()}, whatever the failure says. */
    default boolean hidesDetail() {
        return data().hidesDetail();
    }

    /**
     * Whether the detail may name a network address because the address is the client's own (the one it was counted
     * as), written by the service, never a library's message. Any other detail that names an address is replaced by
     * {@link #fixedDetail()}, so that no host of the service's or the store's reaches a client.
     */
    default boolean detailNamesTheClient() {
        return data().detailNamesTheClient();
    }

    /**
     * A problem type's data.
     *
     * @param slug the {@code type} URI's last segment
     * @param status the answer's status
     * @param title the answer's {@code title}
     * @param fixedDetail the detail answered when a failure's own is missing, revealing or hidden
     * @param hidesDetail whether the detail is always {@code fixedDetail}
     * @param detailNamesTheClient whether the detail may name the client's own address
     */
    record Data(
            String slug,
            HttpStatusCode status,
            String title,
            String fixedDetail,
            boolean hidesDetail,
            boolean detailNamesTheClient) {

        /** A type whose detail is the failure's own, and its title when there is none. */
        public static Data of(String slug, HttpStatusCode status, String title) {
            return new Data(slug, status, title, title, false, false);
        }
    }
}
