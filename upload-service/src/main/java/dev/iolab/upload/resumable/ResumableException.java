package dev.iolab.upload.resumable;

import dev.iolab.upload.web.ProblemException;
import dev.iolab.upload.web.ProblemType;
import org.springframework.http.HttpHeaders;

/**
 * Root of the resumable feature's failures: its own {@link ResumableProblem}s and what every route shares. Every answer
 * carries {@code Tus-Resumable}, and a 412 the versions served ({@code Tus-Version}), as tus asks.
 */
class ResumableException extends ProblemException {

    ResumableException(ProblemType problem, String detail) {
        super(problem, detail);
    }

    ResumableException(ProblemType problem, String detail, Throwable cause) {
        super(problem, detail, cause);
    }

    @Override
    public HttpHeaders headers() {
        HttpHeaders headers = new HttpHeaders();
        headers.set(Tus.RESUMABLE, Tus.VERSION);
        if (problem() == ResumableProblem.TUS_VERSION) {
            headers.set(Tus.VERSION_HEADER, Tus.VERSION);
        }
        return headers;
    }
}
