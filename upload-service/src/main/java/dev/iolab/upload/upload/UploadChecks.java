package dev.iolab.upload.upload;

import dev.iolab.upload.upload.problem.UploadException;
import dev.iolab.upload.web.BlobNames;
import dev.iolab.upload.web.ProblemType;
import java.util.List;
import org.springframework.http.InvalidMediaTypeException;
import org.springframework.http.MediaType;

/**
 * The checks every route that stores something applies to its request head before it reads a body byte or touches
 * the store: the blob name ({@link BlobNames}, one set of rules for every route) and whether the client takes the
 * JSON answer. Public for the valet-key routes, which answer on {@code /uploads} too.
 */
public final class UploadChecks {

    private UploadChecks() {}

    /** The name, if the upload routes accept it as a blob name; else 400 invalid-name. */
    public static String validName(String name) {
        return BlobNames.validate(name);
    }

    /**
     * Refuses a request whose {@code Accept} excludes {@code application/json} with 406 before anything is stored:
     * otherwise the upload would be stored and only its answer refused. No {@code Accept}, {@code *}{@code /*},
     * {@code application/*} and {@code application/json} (any parameters, quality above 0) are fine; an unparsable
     * header is ignored, as RFC 9110 allows.
     */
    public static void requireJsonAccepted(String accept) {
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
        throw new UploadException(
                ProblemType.NOT_ACCEPTABLE,
                "the answer is application/json (problems application/problem+json), which Accept: " + accept
                        + " excludes; nothing was stored");
    }
}
