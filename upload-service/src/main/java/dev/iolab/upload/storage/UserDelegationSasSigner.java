package dev.iolab.upload.storage;

import com.azure.storage.blob.BlobClient;
import com.azure.storage.blob.models.UserDelegationKey;
import com.azure.storage.blob.sas.BlobServiceSasSignatureValues;
import java.time.Clock;
import java.time.Duration;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.util.function.BiFunction;

/**
 * User delegation SAS: signed with a user delegation key that the service's Azure identity obtains from the account
 * (it needs "Storage Blob Delegator" and data rights on the container). A key is valid for {@link #KEY_VALIDITY}
 * (Azure allows up to 7 days) and fetched again once it would expire before a SAS it must sign.
 */
final class UserDelegationSasSigner implements SasSigner {

    static final Duration KEY_VALIDITY = Duration.ofDays(1);

    /** Key start time lies this far in the past, for clocks that run behind the store's. */
    static final Duration CLOCK_SKEW = Duration.ofMinutes(5);

    private final BiFunction<OffsetDateTime, OffsetDateTime, UserDelegationKey> keys;
    private final Clock clock;
    private UserDelegationKey key;

    /**
     * @param keys fetches a key valid from the first to the second time ({@code BlobServiceClient::getUserDelegationKey})
     */
    UserDelegationSasSigner(BiFunction<OffsetDateTime, OffsetDateTime, UserDelegationKey> keys, Clock clock) {
        this.keys = keys;
        this.clock = clock;
    }

    @Override
    public String sign(BlobClient blob, BlobServiceSasSignatureValues values) {
        return blob.generateUserDelegationSas(values, keyValidUntil(values.getExpiryTime()));
    }

    @Override
    public String kind() {
        return "user-delegation";
    }

    private synchronized UserDelegationKey keyValidUntil(OffsetDateTime sasExpiry) {
        if (key == null || key.getSignedExpiry().isBefore(sasExpiry)) {
            OffsetDateTime now = OffsetDateTime.now(clock).withOffsetSameInstant(ZoneOffset.UTC);
            OffsetDateTime expiry = now.plus(KEY_VALIDITY);
            if (expiry.isBefore(sasExpiry)) {
                expiry = sasExpiry;
            }
            key = keys.apply(now.minus(CLOCK_SKEW), expiry);
        }
        return key;
    }
}
