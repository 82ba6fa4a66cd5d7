package dev.iolab.upload.transfer;

import dev.iolab.upload.transfer.strategy.UploadStrategy;

/**
 * An upload that passed every check its head allows (name, strategy, size, length, Content-MD5): what
 * {@link UploadTransfer} needs to store it.
 *
 * @param name the blob name, valid
 * @param strategy the strategy that moves the bytes
 * @param length the request's {@code Content-Length} in bytes (for multipart an upper bound of the file), or -1
 * @param declaredLength the file's exact length in bytes when the client stated it (a raw body's
 *     {@code Content-Length}), or -1
 * @param md5 the client's {@code Content-MD5} (16 bytes), or null
 * @param expectsContinue whether the client waits for {@code 100 Continue} before sending its body
 */
record CheckedUpload(
        String name, UploadStrategy strategy, long length, long declaredLength, byte[] md5, boolean expectsContinue) {}
