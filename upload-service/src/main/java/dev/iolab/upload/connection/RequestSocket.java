package dev.iolab.upload.connection;

/**
 * The connection under one HTTP request, for the decorators that bound how long a blocking read of its body or write
 * of its response may wait ({@link TomcatConnections#of}). Tomcat fails a read that waits longer with a
 * {@code SocketTimeoutException} (and answers 408), a write with a {@code SocketTimeoutException}.
 */
public interface RequestSocket {

    /** When the request's connection is not one of ours (another connector, a mock request): does nothing. */
    RequestSocket NONE = new RequestSocket() {
        @Override
        public void nextReadWaitsAtMost(long millis) {}

        @Override
        public void readEnded() {}

        @Override
        public void nextWriteWaitsAtMost(long millis) {}
    };

    /**
     * The next blocking reads of this connection wait at most {@code millis} for bytes, counted from now; the reading
     * thread, not Tomcat's poller, is the one to time the wait out (and answer 408), until {@link #readEnded}.
     */
    void nextReadWaitsAtMost(long millis);

    /** The reader is done with the body (end of stream or failure): the poller watches the connection again. */
    void readEnded();

    /** The next blocking writes of this connection wait at most {@code millis} for room, counted from now. */
    void nextWriteWaitsAtMost(long millis);
}
