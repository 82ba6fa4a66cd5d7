package dev.iolab.upload.web;

import java.util.List;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/** Every route that stores something answers JSON only, and says so before it reads a body byte or touches the store. */
public final class JsonOnly {

    private JsonOnly() {}

    /**
     * Refuses a request whose {@code Accept} excludes {@code application/json} with 406 before anything is stored:
     * otherwise the upload would be stored and only its answer refused. No {@code Accept}, {@code *}{@code /*},
     * {@code application/*} and {@code application/json} (any parameters, quality above 0) are fine; an unparsable
     * header is ignored, as RFC 9110 allows.
     *
     * @throws ProblemException 406 not-acceptable
     */
    public static void requireAccepted(String accept) {
        if (accept == null || accept.isBlank()) {
            return;
        }
        List<MediaType> types;
        try {
            types = MediaType.parseMediaTypes(accept);
        } catch (InvalidMediaTypeException e) {
            return;
        }
        for (MediaType type : types) {
            if (type.getQualityValue() > 0 && type.includes(MediaType.APPLICATION_JSON)) {
                return;
            }
        }
        throw new ProblemException(
                WebProblem.NOT_ACCEPTABLE,
                "the answer is application/json (problems application/problem+json), which Accept: " + accept
                        + " excludes; nothing was stored");
    }
}
