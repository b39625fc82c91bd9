// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Figures stay event data (topics are for filtering).
/* solhint-disable gas-indexed-events */

/// @title IReferralRegistry
/// @author ETERNO
/// @notice The binary referral tree (ECONOMY §3). Genesis accounts are registered at deployment
///         (`isOriginal`, roots with no inviter and no parent). Every other user registers
///         themselves, once and irreversibly, with a registered inviter, a side (0 = left,
///         1 = right) and a placement:
///         - automatic (`register`): the outermost vacant seat on that side of the inviter's subtree,
///           i.e. the end of the inviter's left (or right) leg;
///         - manual (`registerUnder`): the free seat on that side of a contact in the inviter's
///           subtree. A contact other than the inviter needs the placement signer's EIP-712
///           attestation that the contact is in the inviter's subtree (the chain cannot check it
///           without walking the tree). Domain name "ReferralRegistry", version "1", the chain id
///           and the registry's address. Typed data:
///           Placement(address user,address inviter,address contact,uint8 side,uint256 deadline)
///
///         The placement signer is rotated through a timelock (security review 2026-11, L-3): a signer
///         that attests placements the server would refuse moves volume between legs, i.e. other users'
///         binary incomes, so a new signer waits PLACEMENT_SIGNER_DELAY, in public, before it counts.
///         Revoking the signer (manual placements under another contact stop) is immediate: it
///         takes nothing from anyone and is the answer to a leaked key.
///
///         Invariants: every account has at most one parent and at most one child per side; no
///         cycles (a parent is always registered before its child, ids grow); registration gas does
///         not depend on the depth of the tree (no loop over the tree, ever).
interface IReferralRegistry {
    /// @notice `user` registered as account `id`, invited by `inviter`, seated under `parent` on `side`.
    /// @param user The new account's wallet.
    /// @param id The new account's id (1, 2, 3… in registration order, genesis first).
    /// @param inviter The inviter (who earns the direct income).
    /// @param parent The account whose `side` seat the new account took.
    /// @param side 0 = left, 1 = right.
    /// @param automatic Whether the seat was chosen automatically (the end of the inviter's leg).
    event Registered(
        address indexed user, uint256 indexed id, address indexed inviter, address parent, uint8 side, bool automatic
    );

    /// @notice A genesis account (`isOriginal`) was registered at deployment as a root.
    /// @param user The genesis wallet.
    /// @param id Its id.
    event GenesisRegistered(address indexed user, uint256 indexed id);

    /// @notice The owner set `user`'s service-centre level (0 = none).
    /// @param user The account.
    /// @param level The new level.
    event ServiceLevelSet(address indexed user, uint8 level);

    /// @notice The placement signer changed.
    /// @param previous The previous signer (zero at deployment or after a revocation).
    /// @param signer The new signer (zero when revoked).
    event PlacementSignerChanged(address indexed previous, address indexed signer);

    /// @notice The owner proposed `signer` as the next placement signer, from `eta` on.
    /// @param signer The proposed signer.
    /// @param eta When it may be activated.
    event PlacementSignerProposed(address indexed signer, uint256 eta);

    /// @notice The owner withdrew the placement signer proposal.
    /// @param signer The signer that was proposed.
    event PlacementSignerProposalCancelled(address indexed signer);

    /// @notice `user` is already registered.
    error AlreadyRegistered(address user);
    /// @notice `account` is not registered.
    error NotRegistered(address account);
    /// @notice A user cannot invite themselves.
    error SelfInvite(address user);
    /// @notice `side` is neither 0 (left) nor 1 (right).
    error InvalidSide(uint8 side);
    /// @notice `contact`'s seat on `side` is already taken.
    error SeatTaken(address contact, uint8 side);
    /// @notice The placement attestation expired at `deadline` (block time `nowTime`).
    error PlacementExpired(uint256 deadline, uint256 nowTime);
    /// @notice The placement attestation was not signed by the placement signer (`recovered` signed it).
    error InvalidPlacementSignature(address recovered);
    /// @notice The zero address is not an account, an inviter, a contact or a signer.
    error ZeroAddress();
    /// @notice There is no placement signer proposal.
    error NoPlacementSignerProposal();
    /// @notice The proposed placement signer's delay has not passed; it may be activated from `eta` on.
    error PlacementSignerNotReady(uint256 eta);

    /// @notice Register the caller under `inviter`, at the end of the inviter's `side` leg.
    /// @dev Requirements: caller not registered, `inviter` registered and not the caller, side 0 or 1.
    ///      Two users racing for the same leg both succeed: the second takes the new end.
    /// @param inviter The inviter.
    /// @param side 0 = left, 1 = right.
    /// @return id The caller's new id.
    function register(address inviter, uint8 side) external returns (uint256 id);

    /// @notice Register the caller under `inviter`, in `contact`'s free `side` seat.
    /// @dev Requirements: as `register`; `contact` registered with its `side` seat free (else
    ///      `SeatTaken`); when `contact` is not `inviter`, `signature` is the placement signer's
    ///      over Placement(caller, inviter, contact, side, deadline) and `deadline` ≥ block time.
    /// @param inviter The inviter.
    /// @param contact The account to sit under (the inviter or an account in the inviter's subtree).
    /// @param side 0 = left, 1 = right.
    /// @param deadline The attestation's deadline (ignored when `contact` is `inviter`).
    /// @param signature The attestation, 65 bytes r‖s‖v (empty when `contact` is `inviter`).
    /// @return id The caller's new id.
    function registerUnder(address inviter, address contact, uint8 side, uint256 deadline, bytes calldata signature)
        external
        returns (uint256 id);

    /// @notice Owner only: set `user`'s service-centre level (0 = none). Requirement: `user` registered.
    /// @param user The account.
    /// @param level The level.
    function setServiceLevel(address user, uint8 level) external;

    /// @notice Owner only: propose `signer` (not zero) as the next placement signer; it may be activated
    ///         PLACEMENT_SIGNER_DELAY later. Replaces any proposal (its delay starts again).
    /// @param signer The proposed signer.
    function proposePlacementSigner(address signer) external;

    /// @notice Owner only: make the proposed signer the placement signer, once its eta has come; the
    ///         previous signer's attestations fail from then on.
    function activatePlacementSigner() external;

    /// @notice Owner only: withdraw the placement signer proposal.
    function cancelPlacementSignerProposal() external;

    /// @notice Owner only, immediate: no placement signer (attestations are refused, so only automatic
    ///         placement and manual placement under the inviter itself remain) until a proposed signer
    ///         is activated. Leaves any proposal as it is.
    function revokePlacementSigner() external;

    /// @notice The placement signer (zero while revoked).
    /// @return The signer.
    function placementSigner() external view returns (address);

    /// @notice The proposed next placement signer (zero when none).
    /// @return The signer.
    function pendingPlacementSigner() external view returns (address);

    /// @notice When the proposed placement signer may be activated (0 when none).
    /// @return The time, in seconds.
    function pendingPlacementSignerEta() external view returns (uint256);

    /// @notice Whether `user` is registered.
    /// @param user The wallet.
    /// @return Whether it is.
    function isRegistered(address user) external view returns (bool);

    /// @notice An account (all zero for an unregistered wallet).
    /// @param user The wallet.
    /// @return id Its id.
    /// @return inviter Its inviter (zero for genesis).
    /// @return parent The account it sits under (zero for genesis).
    /// @return side Its side under `parent` (0 for genesis).
    /// @return isOriginal Whether it is a genesis account.
    /// @return serviceLevel Its service-centre level (0 = none).
    /// @return left Its left child (zero when free).
    /// @return right Its right child (zero when free).
    function accountOf(address user)
        external
        view
        returns (
            uint256 id,
            address inviter,
            address parent,
            uint8 side,
            bool isOriginal,
            uint8 serviceLevel,
            address left,
            address right
        );

    /// @notice The wallet of account `id` (zero when there is none).
    /// @param id The id.
    /// @return The wallet.
    function walletOf(uint256 id) external view returns (address);

    /// @notice How many accounts are registered (genesis included); ids run 1…count.
    /// @return The count.
    function accountCount() external view returns (uint256);

    /// @notice Where automatic placement under `inviter` on `side` would seat a user now: the end of
    ///         `inviter`'s `side` leg (`inviter` itself when its seat is free). O(1).
    /// @param inviter A registered account.
    /// @param side 0 = left, 1 = right.
    /// @return The account whose `side` seat is the outermost vacant one.
    function legEnd(address inviter, uint8 side) external view returns (address);
}
