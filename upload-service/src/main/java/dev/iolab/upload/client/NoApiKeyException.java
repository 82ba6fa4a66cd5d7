package dev.iolab.upload.client;

/** The service was started without an API key and without {@code upload.open=true}: it refuses to start. */
final class NoApiKeyException extends IllegalStateException {

    NoApiKeyException() {
        super("upload.api-key is not set (nor any upload.api-keys.<client-name>): every route would be open to anyone;"
                + " set a key, or upload.open=true to run open on purpose");
    }
}
