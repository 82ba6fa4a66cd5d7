package dev.iolab.bench.walk;

/** A walk or tree generation could not be carried out: the root of this feature's exceptions. */
public class WalkException extends RuntimeException {

    public WalkException(String message) {
        super(message);
    }

    public WalkException(String message, Throwable cause) {
        super(message, cause);
    }
}
