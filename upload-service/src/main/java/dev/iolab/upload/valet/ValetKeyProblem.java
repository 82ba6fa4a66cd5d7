package dev.iolab.upload.valet;

import dev.iolab.upload.web.ProblemType;
import org.springframework.http.HttpStatus;

/** The causes the valet-key feature refuses a grant or a completion with. */
enum ValetKeyProblem implements ProblemType {
    INVALID_SIZE("invalid-size", HttpStatus.BAD_REQUEST, "Invalid size"),
    TOO_MANY_GRANTS("too-many-grants", HttpStatus.SERVICE_UNAVAILABLE, "Too many open valet-key grants"),
    GRANT_NOT_FOUND("grant-not-found", HttpStatus.NOT_FOUND, "No such valet-key grant"),
    GRANT_EXPIRED("grant-expired", HttpStatus.GONE, "Valet-key grant expired"),
    GRANT_USED("grant-used", HttpStatus.CONFLICT, "Valet-key grant already used"),
    NOTHING_STAGED("nothing-staged", HttpStatus.CONFLICT, "Nothing uploaded for this grant"),
    STAGED_MISMATCH("staged-mismatch", HttpStatus.UNPROCESSABLE_CONTENT, "Uploaded bytes differ from the grant");

    private final Data data;

    ValetKeyProblem(String slug, HttpStatus status, String title) {
        this.data = Data.of(slug, status, title);
    }

    @Override
    public Data data() {
        return data;
    }
}
