package dev.iolab.upload.client;

import dev.iolab.upload.web.ProblemType;
import org.springframework.http.HttpStatus;

/** The causes a client is refused for, whatever route it called. */
public enum ClientProblem implements ProblemType {
    /** The client holds its whole share of something (upload or download slots, ...): 429, others served. */
    OVER_SHARE("over-share", HttpStatus.TOO_MANY_REQUESTS, "Client over its share");

    private final Data data;

    /** The detail says which client was counted (its address, or its key's name), so that one behind a proxy can tell. */
    ClientProblem(String slug, HttpStatus status, String title) {
        this.data = new Data(slug, status, title, title, false, true);
    }

    @Override
    public Data data() {
        return data;
    }
}
