package dev.iolab.upload.valet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatExceptionOfType;

import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import org.junit.jupiter.api.Test;

/** A grant is its signed ID: read back by any signer with the same key, refused when changed or for another name. */
class GrantSignerTest {

    private static final byte[] KEY = key(1);
    private static final Instant EXPIRY = Instant.parse("2026-01-01T00:15:00Z");
    private static final byte[] MD5 = InMemoryStaging.md5("twelve bytes".getBytes());

    @Test
    void anotherSignerWithTheSameKeyReadsTheGrantBack() {
        Grant grant = new GrantSigner(KEY, List.of()).sign("a/b c.bin", 12, MD5, "valet-1-12-x", EXPIRY);

        Grant read = new GrantSigner(KEY.clone(), List.of()).read(grant.id(), "a/b c.bin");
        assertThat(read.size()).isEqualTo(12);
        assertThat(read.md5()).isEqualTo(MD5);
        assertThat(read.stagingName()).isEqualTo("valet-1-12-x");
        assertThat(read.expiresAt()).isEqualTo(EXPIRY);
        assertThat(read.name()).isEqualTo("a/b c.bin");
        assertThat(new GrantSigner(KEY, List.of())
                        .read(
                                new GrantSigner(KEY, List.of())
                                        .sign("n", 0, null, "s", EXPIRY)
                                        .id(),
                                "n")
                        .md5())
                .isNull();
    }

    @Test
    void aGrantIsForItsNameOnlyAndCannotBeChanged() {
        GrantSigner signer = new GrantSigner(KEY, List.of());
        Grant grant = signer.sign("a.bin", 12, MD5, "valet-1-12-x", EXPIRY);
        assertNotFound(() -> signer.read(grant.id(), "b.bin"));

        byte[] id = Base64.getUrlDecoder().decode(grant.id());
        for (int i = 0; i < id.length; i++) {
            byte[] changed = id.clone();
            changed[i] ^= 1;
            String forged = Base64.getUrlEncoder().withoutPadding().encodeToString(changed);
            assertNotFound(() -> signer.read(forged, "a.bin"));
        }
        assertNotFound(() -> signer.read(
                Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(id, id.length - 1)), "a.bin"));
        assertNotFound(() -> signer.read("not base64 !", "a.bin"));
        assertNotFound(() -> signer.read("", "a.bin"));
        assertNotFound(() -> signer.read(null, "a.bin"));
    }

    @Test
    void aRotationAcceptsThePreviousKeyAndNoOther() {
        Grant old = new GrantSigner(KEY, List.of()).sign("a.bin", 1, null, "s", EXPIRY);

        GrantSigner rotated = new GrantSigner(key(2), List.of(KEY));
        assertThat(rotated.read(old.id(), "a.bin").stagingName()).isEqualTo("s");
        Grant fresh = rotated.sign("a.bin", 1, null, "t", EXPIRY);
        assertNotFound(() -> new GrantSigner(KEY, List.of()).read(fresh.id(), "a.bin"));
        assertNotFound(() -> new GrantSigner(key(3), List.of()).read(old.id(), "a.bin"));
    }

    @Test
    void refusesShortKeys() {
        assertThatExceptionOfType(IllegalArgumentException.class)
                .isThrownBy(() -> new GrantSigner(new byte[31], List.of()))
                .withMessageContaining("32 bytes");
    }

    private static byte[] key(int seed) {
        byte[] key = new byte[32];
        Arrays.fill(key, (byte) seed);
        return key;
    }

    private static void assertNotFound(Runnable read) {
        assertThatExceptionOfType(ValetKeyException.class)
                .isThrownBy(read::run)
                .satisfies(e -> assertThat(e.problem()).isEqualTo(ValetKeyProblem.GRANT_NOT_FOUND));
    }
}
