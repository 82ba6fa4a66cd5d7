package dev.iolab.upload.web;

import org.springframework.http.HttpHeaders;

/**
 * A failure that says which problem it is answered with: every {@link ProblemException}, and the I/O failures a body
 * stream throws from inside a read (which must stay {@code IOException}s for whatever reads the stream).
 */
public interface ProblemCarrier {

    ProblemType problem();

    /** The detail for the client; {@link ProblemHandler} replaces it when it would reveal the service's insides. */
    String getMessage();

    /** Headers the answer carries besides the ones every answer of its type does; none by default. */
    default HttpHeaders headers() {
        return HttpHeaders.EMPTY;
    }
}
