// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

// Two solhint gas hints do not fit this contract: amounts stay event data (topics are for filtering),
// and `>=` / `<=` are kept where they state the rule.
/* solhint-disable gas-indexed-events, gas-strict-inequalities */

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {Ownable2Step} from "@openzeppelin/contracts/access/Ownable2Step.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {SafeCast} from "@openzeppelin/contracts/utils/math/SafeCast.sol";
import {ReentrancyGuardTransient} from "@openzeppelin/contracts/utils/ReentrancyGuardTransient.sol";

/// @title LockLedger
/// @author ETERNO
/// @notice The users' locked ETRO ("lock balance"), shared by the swap's 24 h vesting and the staking
///         rewards. Writers credit entries (amount, duration) starting now; each entry releases linearly
///         over `duration` (0: all of it at once). A user claims what has been released, paid from the
///         ledger's own ETRO balance, less a claim fee paid to `feeReceiver`: 5 % on released swap
///         purchases, 3 % on released staking rewards by default (owner-set, at most MAX_CLAIM_FEE_BPS).
///         An entry's fee is fixed when it is credited: a claim charges min(that fee, the current fee of
///         its kind), so a fee increase applies only to entries credited after it, a decrease to all.
///         A writer declares its kind (swap or stake) once, when it is added; every entry it credits is of
///         that kind. Entries are non-revocable ({credit}) or revocable ({creditRevocable}: the EULP pool's
///         by-the-second base reward): the writer of a revocable entry may {revoke} it; what the entry has
///         released so far stays the user's, the unreleased rest goes back to the writer.
/// @dev Bounded work. Non-revocable entries are grouped into streams keyed by (kind, claim fee at the
///      credit, duration). A credit starts at the block time, so within a stream entries start, and
///      finish, in credit order. A stream is ONE slot (cursor, length, list place, and a balance: what its
///      folded positions, duration-0 credits and revoked entries' releases added, less what was claimed
///      from it); each position is ONE slot packing the running (prefix) sums of amount and amount·start
///      through it and its start, so the unfolded positions' Σamount and Σamount·start are the difference
///      of the prefixes at `length − 1` and `cursor − 1`. At time t they have released
///      (t·Σamount − Σamount·start) / duration (rounded down over the stream); a fold finds the first
///      unfinished position with a galloping search from the cursor and moves the finished ones into the
///      balance with one more prefix read. A fully folded stream restarts at position 0, so later credits
///      rewrite old position slots. Revocable entries are not in streams: each user has a
///      table of at most MAX_REVOCABLE of them, one slot each (amount, start, duration, claimed-up-to
///      time, fee, writer, kind); a revocation moves the entry's released, unclaimed part into the user's
///      duration-0 stream of its kind and fee and frees the slot. So credit, revoke and every fold read
///      and write a bounded number of slots whatever the user's history (revocations included); a claim
///      does that once per listed stream and per occupied revocable slot. There is no cap on streams:
///      {claimStreams} claims any subset, so no owner churn of durations or fees can make claiming too
///      expensive to run.
///      Writers: set freely only before the first credit (the deploy), then only through a proposal
///      executable after WRITER_DELAY; removing a writer is immediate and stops its credits only: a removed
///      writer may still revoke its own revocable entries (so that no owner action can stop a staking
///      pool from returning principal through an early leave).
///      Funding: a writer first transfers the ETRO to this contract, then credits; a credit is refused
///      unless the ledger's balance covers everything it owes afterwards.
///      Invariants (tested in LockLedger.invariant.t.sol, with owner actions and revocations):
///        - per user: claimed <= released <= credited; released never decreases (a revocation included);
///        - per revocable entry: what it releases (and keeps when revoked) <= its amount;
///        - a claim charges min(entry fee, current fee) per entry and pays exactly {quoteClaim};
///        - totalCredited (net of revocations) and totalClaimed (fees included) are the users' sums;
///        - ETRO.balanceOf(this) >= totalCredited - totalClaimed (the ledger never owes more than it holds).
contract LockLedger is Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice What an entry is, which sets its claim fee.
    enum Kind {
        Swap,
        Stake
    }

    /// @notice A user's non-revocable entries of one (kind, fee, duration). One slot; the unfolded
    ///         positions' Σamount and Σamount·start are the differences of two prefix sums (at `length − 1`
    ///         and `cursor − 1`).
    /// @param cursor The first unfolded position.
    /// @param length How many positions the stream has (since it last restarted at 0).
    /// @param listed 1 + the stream's index in the user's stream list (0: not listed).
    /// @param balance What folded positions, duration-0 credits and revoked entries' releases added, less
    ///        what claims took from the stream (negative when claims took part of the open release).
    struct Stream {
        uint32 cursor;
        uint32 length;
        uint32 listed;
        int96 balance;
    }

    /// @notice One stream position (one slot): the running sums through it and its start.
    struct Point {
        uint96 cumAmount;
        uint32 start;
        uint128 cumWeighted;
    }

    /// @notice A revocable entry (one slot). It releases amount·(t − start)/duration (rounded down) by t.
    /// @param amount The ETRO credited.
    /// @param start When the release began.
    /// @param duration How long the release takes (> 0).
    /// @param claimedAt Up to when its release has been claimed (start when never).
    /// @param feeBps The claim fee of its kind when it was credited.
    /// @param writerId Its writer's id.
    /// @param kind Its writer's kind.
    struct Revocable {
        uint96 amount;
        uint32 start;
        uint32 duration;
        uint32 claimedAt;
        uint16 feeBps;
        uint16 writerId;
        Kind kind;
    }

    /// @notice A user's figures (one slot).
    /// @param claimedSwap What the user claimed of swap purchases (fees included).
    /// @param claimedStake What the user claimed of staking rewards (fees included).
    /// @param occupied Bit i set: revocable slot i holds an entry.
    /// @param streamCount How many streams the user's list holds.
    struct Account {
        uint112 claimedSwap;
        uint112 claimedStake;
        uint16 occupied;
        uint16 streamCount;
    }

    /// @notice A writer: its id (given once, kept when removed), whether it may credit, and its kind.
    struct Writer {
        uint16 id;
        bool active;
        Kind kind;
    }

    /// @notice A proposed writer: its kind and when it may be added (0: no proposal).
    struct Proposal {
        Kind kind;
        uint64 executableAt;
    }

    /// @notice The owner's settings and the writer count (one slot: what a credit and a claim read).
    /// @param feeReceiver Who receives the claim fees.
    /// @param swapClaimFeeBps The claim fee on swap purchases credited from now on.
    /// @param stakeClaimFeeBps The claim fee on staking rewards credited from now on.
    /// @param writersSealed True once writers can only be added through a delayed proposal.
    /// @param writerCount How many writer ids have been given.
    struct Settings {
        address feeReceiver;
        uint16 swapClaimFeeBps;
        uint16 stakeClaimFeeBps;
        bool writersSealed;
        uint16 writerCount;
    }

    /// @notice A claim's running totals.
    struct Claim {
        uint256[2] amount;
        uint256[2] fee;
        uint256[2] feeBps;
    }

    /// @notice 100 % in basis points.
    uint256 public constant BPS = 10_000;
    /// @notice The highest claim fee the owner may set (10 %).
    uint256 public constant MAX_CLAIM_FEE_BPS = 1000;
    /// @notice The longest release duration an entry may have.
    uint256 public constant MAX_DURATION = 4 * 365 days;
    /// @notice The most revocable entries a user may have at once.
    uint256 public constant MAX_REVOCABLE = 16;
    /// @notice How long a writer proposal waits before it can be executed.
    uint256 public constant WRITER_DELAY = 2 days;

    /// @notice The locked token (ETRO).
    IERC20 public immutable ETRO;

    mapping(address user => Account account) private _accounts;
    /// @dev A user's stream list: key i is the 64-bit lane i % 4 of word i / 4.
    mapping(address user => mapping(uint256 word => uint256 lanes)) private _streamKeys;
    mapping(address user => mapping(uint256 key => Stream stream)) private _streams;
    mapping(address user => mapping(uint256 key => mapping(uint256 position => Point point))) private _points;
    mapping(address user => mapping(uint256 slot => Revocable entry)) private _revocables;
    mapping(address writer => Writer info) private _writers;
    mapping(uint256 id => address writer) private _writerById;
    mapping(address writer => Proposal proposal) private _proposals;
    address[] private _pending;

    Settings private _settings;
    /// @notice Sum of all credited entries over every user, less revoked remainders.
    uint128 public totalCredited;
    /// @notice Sum of all claims over every user (what users received plus fees).
    uint128 public totalClaimed;
    /// @notice Sum of the unreleased remainders revoked and returned to writers.
    uint256 public totalRevoked;

    /// @notice A writer credited `amount` to `user`, releasing from the block time over `duration` seconds,
    ///         with the claim fee `feeBps`. Not revocable.
    /// @param user The beneficiary.
    /// @param writer The contract that credited the entry (the swap or a staking contract).
    /// @param amount The ETRO credited.
    /// @param duration The release duration in seconds.
    /// @param feeBps The entry's claim fee (a claim charges at most this).
    event Credited(address indexed user, address indexed writer, uint256 amount, uint256 duration, uint256 feeBps);

    /// @notice A writer credited `amount` to `user` as the revocable entry in `slot`, releasing from the block
    ///         time over `duration` seconds, with the claim fee `feeBps`.
    /// @param user The beneficiary.
    /// @param writer The writer (the only one that may revoke it).
    /// @param slot The user's revocable slot.
    /// @param amount The ETRO credited.
    /// @param duration The release duration in seconds.
    /// @param feeBps The entry's claim fee (a claim charges at most this).
    event CreditedRevocable(
        address indexed user, address indexed writer, uint256 slot, uint256 amount, uint256 duration, uint256 feeBps
    );

    /// @notice `user` claimed released ETRO: per kind, the amount (fees included) and its fee; the user
    ///         received swapAmount + stakeAmount − swapFee − stakeFee.
    /// @param user The claimer.
    /// @param swapAmount Released swap purchases claimed.
    /// @param stakeAmount Released staking rewards claimed.
    /// @param swapFee The claim fee on the swap part.
    /// @param stakeFee The claim fee on the staking part.
    event Claimed(address indexed user, uint256 swapAmount, uint256 stakeAmount, uint256 swapFee, uint256 stakeFee);

    /// @notice `writer` revoked `user`'s revocable entry in `slot`: `kept` stays the user's, `unreleased`
    ///         went back to the writer.
    /// @param user The entry's user.
    /// @param writer The entry's writer.
    /// @param slot The revocable slot (free again).
    /// @param kept What the entry released until now (the user's).
    /// @param unreleased The ETRO returned to the writer.
    event Revoked(address indexed user, address indexed writer, uint256 slot, uint256 kept, uint256 unreleased);

    /// @notice `writer` was proposed; it can be added from `executableAt` on.
    /// @param writer The proposed writer.
    /// @param kind Its kind.
    /// @param executableAt When the proposal can be executed.
    event WriterProposed(address indexed writer, Kind kind, uint256 executableAt);
    /// @notice A writer proposal was cancelled.
    /// @param writer The writer that was proposed.
    event WriterProposalCancelled(address indexed writer);
    /// @notice `writer` may credit entries of `kind`.
    /// @param writer The writer.
    /// @param kind Its kind.
    event WriterAdded(address indexed writer, Kind kind);
    /// @notice `writer` may no longer credit (it may still revoke its own revocable entries).
    /// @param writer The writer.
    event WriterRemoved(address indexed writer);
    /// @notice Writers can only be added through a delayed proposal from now on.
    event WritersSealed();
    /// @notice The claim fees of entries credited from now on changed.
    /// @param swapFeeBps The fee on swap purchases.
    /// @param stakeFeeBps The fee on staking rewards.
    event ClaimFeesSet(uint256 swapFeeBps, uint256 stakeFeeBps);
    /// @notice The fee receiver changed.
    /// @param receiver The new receiver.
    event FeeReceiverSet(address indexed receiver);

    /// @notice An address parameter was the zero address.
    error ZeroAddress();
    /// @notice A credit of zero was attempted.
    error ZeroAmount();
    /// @notice A revocable entry needs a release duration.
    error ZeroDuration();
    /// @notice The caller is not an active writer.
    /// @param caller The caller.
    error NotWriter(address caller);
    /// @notice The duration is above MAX_DURATION.
    /// @param duration The duration given.
    /// @param maxDuration The cap.
    error DurationTooLong(uint256 duration, uint256 maxDuration);
    /// @notice The user already has MAX_REVOCABLE running revocable entries.
    /// @param user The user.
    /// @param maxEntries The cap.
    error RevocableTableFull(address user, uint256 maxEntries);
    /// @notice The ledger's balance does not cover what it would owe after the credit.
    /// @param required What the ledger would owe in total.
    /// @param balance The ETRO it holds.
    error Unfunded(uint256 required, uint256 balance);
    /// @notice `user` has nothing released to claim.
    /// @param user The claimer.
    error NothingToClaim(address user);
    /// @notice `user`'s list holds no stream `key`.
    /// @param user The user.
    /// @param key The stream key.
    error StreamNotListed(address user, uint256 key);
    /// @notice `user`'s revocable `slot` holds no entry.
    /// @param user The user.
    /// @param slot The slot.
    error NoRevocableEntry(address user, uint256 slot);
    /// @notice Only the entry's own writer may revoke it.
    /// @param user The entry's user.
    /// @param slot The entry's slot.
    /// @param writer The entry's writer.
    error NotEntryWriter(address user, uint256 slot, address writer);
    /// @notice A claim fee above MAX_CLAIM_FEE_BPS.
    /// @param feeBps The fee given.
    /// @param maxFeeBps The cap.
    error FeeTooHigh(uint256 feeBps, uint256 maxFeeBps);
    /// @notice Writers are sealed: use {proposeWriter}.
    error WritersAreSealed();
    /// @notice The address is already an active writer.
    /// @param writer The address.
    error AlreadyWriter(address writer);
    /// @notice No proposal exists for `writer`.
    /// @param writer The address.
    error NoProposal(address writer);
    /// @notice The proposal's delay has not passed.
    /// @param writer The proposed writer.
    /// @param executableAt When it can be executed.
    error ProposalNotReady(address writer, uint256 executableAt);

    /// @notice Creates the ledger for `etro`, owned by `owner_` (who also receives the fees until changed).
    /// @param etro The locked token.
    /// @param owner_ The owner (writers, fees).
    constructor(IERC20 etro, address owner_) Ownable(owner_) {
        if (address(etro) == address(0)) revert ZeroAddress();
        ETRO = etro;
        _settings = Settings({
            feeReceiver: owner_,
            swapClaimFeeBps: 500,
            stakeClaimFeeBps: 300,
            writersSealed: false,
            writerCount: 0
        });
        emit FeeReceiverSet(owner_);
        emit ClaimFeesSet(500, 300);
    }

    // ------------------------------------------------------------------ writers

    /// @notice Adds `writer` at once; only before writers are sealed (the first credit seals them).
    /// @param writer The writer.
    /// @param kind Its kind.
    function setupWriter(address writer, Kind kind) external onlyOwner {
        if (_settings.writersSealed) revert WritersAreSealed();
        _addWriter(writer, kind);
    }

    /// @notice Seals the writer set: from now on writers are added only through a delayed proposal.
    function sealWriters() external onlyOwner {
        _seal();
    }

    /// @notice Proposes `writer` (or renews its proposal); {executeWriter} adds it after WRITER_DELAY.
    /// @param writer The writer.
    /// @param kind Its kind.
    function proposeWriter(address writer, Kind kind) external onlyOwner {
        if (writer == address(0)) revert ZeroAddress();
        if (_writers[writer].active) revert AlreadyWriter(writer);
        if (_proposals[writer].executableAt == 0) _pending.push(writer);
        uint64 executableAt = SafeCast.toUint64(block.timestamp + WRITER_DELAY);
        _proposals[writer] = Proposal({kind: kind, executableAt: executableAt});
        emit WriterProposed(writer, kind, executableAt);
    }

    /// @notice Adds a proposed writer once its delay has passed.
    /// @param writer The proposed writer.
    function executeWriter(address writer) external onlyOwner {
        Proposal memory proposal = _proposals[writer];
        if (proposal.executableAt == 0) revert NoProposal(writer);
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < proposal.executableAt) revert ProposalNotReady(writer, proposal.executableAt);
        _dropProposal(writer);
        _addWriter(writer, proposal.kind);
    }

    /// @notice Cancels a writer proposal.
    /// @param writer The proposed writer.
    function cancelWriter(address writer) external onlyOwner {
        if (_proposals[writer].executableAt == 0) revert NoProposal(writer);
        _dropProposal(writer);
        emit WriterProposalCancelled(writer);
    }

    /// @notice Removes `writer` at once: it can no longer credit; it may still revoke its own revocable
    ///         entries (a staking pool must always be able to let an order leave early).
    /// @param writer The writer.
    function removeWriter(address writer) external onlyOwner {
        if (!_writers[writer].active) revert NotWriter(writer);
        _writers[writer].active = false;
        emit WriterRemoved(writer);
    }

    /// @notice Sets both claim fees, for entries credited from now on (a claim charges each entry
    ///         min(its own fee, the current fee of its kind): a decrease applies to every entry at once).
    /// @param swapFeeBps The fee on swap purchases, at most MAX_CLAIM_FEE_BPS.
    /// @param stakeFeeBps The fee on staking rewards, at most MAX_CLAIM_FEE_BPS.
    function setClaimFees(uint256 swapFeeBps, uint256 stakeFeeBps) external onlyOwner {
        if (swapFeeBps > MAX_CLAIM_FEE_BPS) revert FeeTooHigh(swapFeeBps, MAX_CLAIM_FEE_BPS);
        if (stakeFeeBps > MAX_CLAIM_FEE_BPS) revert FeeTooHigh(stakeFeeBps, MAX_CLAIM_FEE_BPS);
        _settings.swapClaimFeeBps = uint16(swapFeeBps);
        _settings.stakeClaimFeeBps = uint16(stakeFeeBps);
        emit ClaimFeesSet(swapFeeBps, stakeFeeBps);
    }

    /// @notice Sets who receives the claim fees.
    /// @param receiver The receiver.
    function setFeeReceiver(address receiver) external onlyOwner {
        if (receiver == address(0)) revert ZeroAddress();
        _settings.feeReceiver = receiver;
        emit FeeReceiverSet(receiver);
    }

    // ------------------------------------------------------------------ writes

    /// @notice Credits `amount` locked ETRO to `user`, released linearly from now over `duration`, with the
    ///         claim fee of the writer's kind in force now. Not revocable.
    /// @dev The caller must have transferred the ETRO to this contract beforehand.
    /// @param user The beneficiary.
    /// @param amount The ETRO credited.
    /// @param duration The release duration in seconds (at most MAX_DURATION); 0 releases everything now.
    function credit(address user, uint256 amount, uint256 duration) external {
        (Kind kind, uint256 feeBps) = _checkCredit(user, amount, duration);
        uint256 key = _key(kind, feeBps, duration);
        Stream memory stream = _streams[user][key];
        if (duration == 0) {
            stream.balance = SafeCast.toInt96(int256(stream.balance) + SafeCast.toInt256(amount));
        } else {
            mapping(uint256 => Point) storage points = _points[user][key];
            _settle(stream, points, duration);
            _append(stream, points, amount);
        }
        if (stream.listed == 0) _list(user, key, stream);
        _streams[user][key] = stream;
        emit Credited(user, msg.sender, amount, duration, feeBps);
    }

    /// @notice Credits `amount` locked ETRO to `user` as a revocable entry released linearly from now over
    ///         `duration`; the caller (its writer) may {revoke} it. Finished entries are moved out of a full
    ///         table first.
    /// @dev The caller must have transferred the ETRO to this contract beforehand.
    /// @param user The beneficiary.
    /// @param amount The ETRO credited.
    /// @param duration The release duration in seconds (1 to MAX_DURATION).
    /// @return slot The entry's revocable slot (what {revoke} takes).
    function creditRevocable(address user, uint256 amount, uint256 duration) external returns (uint256 slot) {
        if (duration == 0) revert ZeroDuration();
        (Kind kind, uint256 feeBps) = _checkCredit(user, amount, duration);
        Account storage account = _accounts[user];
        uint256 occupied = account.occupied;
        if (occupied == type(uint16).max) occupied = _freeFinished(user, occupied);
        while (occupied & _bit(slot) != 0) ++slot;
        if (slot == MAX_REVOCABLE) revert RevocableTableFull(user, MAX_REVOCABLE);
        account.occupied = uint16(occupied | _bit(slot));
        uint32 start = SafeCast.toUint32(block.timestamp);
        _revocables[user][slot] = Revocable({
            amount: SafeCast.toUint96(amount),
            start: start,
            duration: uint32(duration),
            claimedAt: start,
            feeBps: uint16(feeBps),
            writerId: _writers[msg.sender].id,
            kind: kind
        });
        emit CreditedRevocable(user, msg.sender, slot, amount, duration, feeBps);
    }

    /// @notice Pays the caller every released and not yet claimed ETRO, less the claim fee.
    /// @return amount The released ETRO claimed.
    /// @return fee The part of it paid to the fee receiver.
    function claim() external nonReentrant returns (uint256 amount, uint256 fee) {
        address user = msg.sender;
        Claim memory c = _newClaim();
        for (uint256 i = _streamCount(user); i > 0; --i) {
            _claimStream(user, _keyAt(user, i - 1), c);
        }
        return _finishClaim(user, c);
    }

    /// @notice Like {claim}, for the revocable entries and the listed streams `keys` only (see
    ///         {streamKeysOf}): claiming never needs more gas than the user chooses to spend.
    /// @param keys Stream keys from the caller's list, each once.
    /// @return amount The released ETRO claimed.
    /// @return fee The part of it paid to the fee receiver.
    function claimStreams(uint256[] calldata keys) external nonReentrant returns (uint256 amount, uint256 fee) {
        address user = msg.sender;
        Claim memory c = _newClaim();
        for (uint256 i = 0; i < keys.length; ++i) {
            uint256 listed = _streams[user][keys[i]].listed;
            if (listed == 0) revert StreamNotListed(user, keys[i]);
            _claimStream(user, keys[i], c);
        }
        return _finishClaim(user, c);
    }

    /// @notice Revokes `user`'s revocable entry in `slot` (the caller must be its writer, active or removed):
    ///         what it released until now stays the user's (its unclaimed part moves to the user's
    ///         duration-0 stream of its kind and fee), the unreleased rest goes back to the caller, and the
    ///         slot is freed.
    /// @param user The entry's user.
    /// @param slot The entry's revocable slot.
    /// @return unreleased The ETRO returned to the caller.
    function revoke(address user, uint256 slot) external nonReentrant returns (uint256 unreleased) {
        Account storage account = _accounts[user];
        uint256 occupied = account.occupied;
        if (slot >= MAX_REVOCABLE || occupied & _bit(slot) == 0) revert NoRevocableEntry(user, slot);
        Revocable memory entry = _revocables[user][slot];
        address writer = _writerById[entry.writerId];
        if (writer != msg.sender) revert NotEntryWriter(user, slot, writer);
        uint256 kept = _releasedBy(entry, block.timestamp);
        _moveToInstant(user, entry, kept);
        account.occupied = uint16(occupied & ~_bit(slot));
        unreleased = entry.amount - kept;
        if (unreleased != 0) {
            totalCredited -= uint128(unreleased);
            totalRevoked += unreleased;
            ETRO.safeTransfer(msg.sender, unreleased);
        }
        emit Revoked(user, msg.sender, slot, kept, unreleased);
    }

    // ------------------------------------------------------------------ views

    /// @notice Who receives the claim fees.
    /// @return The receiver.
    function feeReceiver() external view returns (address) {
        return _settings.feeReceiver;
    }

    /// @notice The claim fee on swap purchases credited from now on, in basis points.
    /// @return The fee.
    function swapClaimFeeBps() external view returns (uint16) {
        return _settings.swapClaimFeeBps;
    }

    /// @notice The claim fee on staking rewards credited from now on, in basis points.
    /// @return The fee.
    function stakeClaimFeeBps() external view returns (uint16) {
        return _settings.stakeClaimFeeBps;
    }

    /// @notice True once writers can only be added through a delayed proposal.
    /// @return Whether the writer set is sealed.
    function writersSealed() external view returns (bool) {
        return _settings.writersSealed;
    }

    /// @notice Whether `writer` may credit, and its kind.
    /// @param writer The address.
    /// @return active True for an active writer.
    /// @return kind Its kind (meaningful once added).
    function writerOf(address writer) external view returns (bool active, Kind kind) {
        Writer memory info = _writers[writer];
        return (info.active, info.kind);
    }

    /// @notice A pending writer proposal.
    /// @param writer The proposed writer.
    /// @return kind Its kind.
    /// @return executableAt When it can be executed (0: no proposal).
    function proposalOf(address writer) external view returns (Kind kind, uint256 executableAt) {
        Proposal memory proposal = _proposals[writer];
        return (proposal.kind, proposal.executableAt);
    }

    /// @notice Every pending writer proposal (the app's "pending owner change" banner).
    /// @return writers The proposed writers.
    /// @return kinds Their kinds (0 swap, 1 stake).
    /// @return executableAt When each can be executed.
    function pendingWriters()
        external
        view
        returns (address[] memory writers, uint8[] memory kinds, uint256[] memory executableAt)
    {
        writers = _pending;
        kinds = new uint8[](writers.length);
        executableAt = new uint256[](writers.length);
        for (uint256 i = 0; i < writers.length; ++i) {
            Proposal memory proposal = _proposals[writers[i]];
            kinds[i] = uint8(proposal.kind);
            executableAt[i] = proposal.executableAt;
        }
    }

    /// @notice What `user` has been credited, in total (less revoked remainders).
    /// @param user The user.
    /// @return total Claimed plus everything the ledger still owes the user.
    function credited(address user) public view returns (uint256 total) {
        total = claimed(user);
        uint256 count = _streamCount(user);
        for (uint256 i = 0; i < count; ++i) {
            uint256 key = _keyAt(user, i);
            Stream memory stream = _streams[user][key];
            (uint256 openAmount,) = _settle(stream, _points[user][key], uint32(key));
            total = uint256(int256(total) + stream.balance) + openAmount;
        }
        uint256 occupied = _accounts[user].occupied;
        for (uint256 slot = 0; slot < MAX_REVOCABLE; ++slot) {
            if (occupied & _bit(slot) == 0) continue;
            Revocable memory entry = _revocables[user][slot];
            total += entry.amount - _releasedBy(entry, entry.claimedAt);
        }
    }

    /// @notice What `user` has claimed, in total (fees included).
    /// @param user The user.
    /// @return The ETRO claimed.
    function claimed(address user) public view returns (uint256) {
        Account memory account = _accounts[user];
        return uint256(account.claimedSwap) + account.claimedStake;
    }

    /// @notice What has been released to `user` so far (claimed or not).
    /// @param user The user.
    /// @return The released ETRO.
    function released(address user) public view returns (uint256) {
        (uint256 swapReleased, uint256 stakeReleased) = releasedByKind(user);
        return swapReleased + stakeReleased;
    }

    /// @notice What has been released to `user` so far, per kind (claimed or not): the assets screen's
    ///         "swap unlock" is the first.
    /// @param user The user.
    /// @return swapReleased Released swap purchases.
    /// @return stakeReleased Released staking rewards.
    function releasedByKind(address user) public view returns (uint256 swapReleased, uint256 stakeReleased) {
        Claim memory c = _quote(user);
        Account memory account = _accounts[user];
        return (account.claimedSwap + c.amount[0], account.claimedStake + c.amount[1]);
    }

    /// @notice What `user` can claim now (before the fee).
    /// @param user The user.
    /// @return Released minus claimed.
    function claimable(address user) external view returns (uint256) {
        Claim memory c = _quote(user);
        return c.amount[0] + c.amount[1];
    }

    /// @notice Exactly what {claim} by `user` would take now and charge: the released, unclaimed ETRO and
    ///         its fee (each entry at min(its fee, the current fee of its kind); the user receives
    ///         amount − fee).
    /// @param user The user.
    /// @return amount The ETRO claimable.
    /// @return fee The claim fee on it.
    function quoteClaim(address user) external view returns (uint256 amount, uint256 fee) {
        Claim memory c = _quote(user);
        return (c.amount[0] + c.amount[1], c.fee[0] + c.fee[1]);
    }

    /// @notice What is still locked for `user` (credited, not yet released).
    /// @param user The user.
    /// @return Credited minus released.
    function locked(address user) external view returns (uint256) {
        return credited(user) - released(user);
    }

    /// @notice A user's figures in one call: credited, released, claimed (claimable = released − claimed,
    ///         locked = credited − released).
    /// @param user The user.
    /// @return creditedAmount Sum of the user's entries (less revoked remainders).
    /// @return releasedAmount Released so far.
    /// @return claimedAmount Claimed so far (fees included).
    function summaryOf(address user)
        external
        view
        returns (uint256 creditedAmount, uint256 releasedAmount, uint256 claimedAmount)
    {
        return (credited(user), released(user), claimed(user));
    }

    /// @notice When `user`'s entries still releasing at the block time finish: the next one and the last
    ///         one (0 when none is releasing).
    /// @param user The user.
    /// @return nextFullRelease The earliest end after now.
    /// @return allReleasedAt The latest end.
    function releaseTimesOf(address user) external view returns (uint256 nextFullRelease, uint256 allReleasedAt) {
        uint256 count = _streamCount(user);
        for (uint256 i = 0; i < count; ++i) {
            uint256 key = _keyAt(user, i);
            uint256 duration = uint32(key);
            Stream memory stream = _streams[user][key];
            mapping(uint256 => Point) storage points = _points[user][key];
            _settle(stream, points, duration);
            if (stream.cursor == stream.length) continue;
            uint256 first = uint256(points[stream.cursor].start) + duration;
            uint256 last = uint256(points[stream.length - 1].start) + duration;
            (nextFullRelease, allReleasedAt) = _addEnd(nextFullRelease, allReleasedAt, first);
            (nextFullRelease, allReleasedAt) = _addEnd(nextFullRelease, allReleasedAt, last);
        }
        uint256 occupied = _accounts[user].occupied;
        for (uint256 slot = 0; slot < MAX_REVOCABLE; ++slot) {
            if (occupied & _bit(slot) == 0) continue;
            Revocable memory entry = _revocables[user][slot];
            uint256 end = uint256(entry.start) + entry.duration;
            // forge-lint: disable-next-line(block-timestamp)
            if (end > block.timestamp) (nextFullRelease, allReleasedAt) = _addEnd(nextFullRelease, allReleasedAt, end);
        }
    }

    /// @notice The keys of `user`'s listed streams (what {claimStreams} takes): kind << 48 | fee << 32 |
    ///         duration.
    /// @param user The user.
    /// @return keys The keys.
    function streamKeysOf(address user) external view returns (uint256[] memory keys) {
        keys = new uint256[](_streamCount(user));
        for (uint256 i = 0; i < keys.length; ++i) {
            keys[i] = _keyAt(user, i);
        }
    }

    /// @notice One of `user`'s streams as stored (before any fold at the block time).
    /// @param user The user.
    /// @param key The stream key.
    /// @return The stream.
    function streamOf(address user, uint256 key) external view returns (Stream memory) {
        return _streams[user][key];
    }

    /// @notice `user`'s revocable entries: a bitmap of the occupied slots and the entries, by slot.
    /// @param user The user.
    /// @return occupied Bit i set: slot i holds an entry.
    /// @return entries The MAX_REVOCABLE slots (a free slot's content is meaningless).
    /// @return writers Each slot's writer.
    function revocablesOf(address user)
        external
        view
        returns (uint256 occupied, Revocable[] memory entries, address[] memory writers)
    {
        occupied = _accounts[user].occupied;
        entries = new Revocable[](MAX_REVOCABLE);
        writers = new address[](MAX_REVOCABLE);
        for (uint256 slot = 0; slot < MAX_REVOCABLE; ++slot) {
            entries[slot] = _revocables[user][slot];
            writers[slot] = _writerById[entries[slot].writerId];
        }
    }

    // ------------------------------------------------------------------ internals

    /// @notice Adds `writer` as active with `kind` (its id is given once).
    /// @param writer The writer.
    /// @param kind Its kind.
    function _addWriter(address writer, Kind kind) private {
        if (writer == address(0)) revert ZeroAddress();
        Writer memory info = _writers[writer];
        if (info.active) revert AlreadyWriter(writer);
        if (info.id == 0) {
            info.id = ++_settings.writerCount;
            _writerById[info.id] = writer;
        }
        _writers[writer] = Writer({active: true, kind: kind, id: info.id});
        emit WriterAdded(writer, kind);
    }

    /// @notice Deletes `writer`'s proposal and takes it out of the pending list.
    /// @param writer The proposed writer.
    function _dropProposal(address writer) private {
        delete _proposals[writer];
        uint256 last = _pending.length - 1;
        for (uint256 i = 0; i <= last; ++i) {
            if (_pending[i] == writer) {
                _pending[i] = _pending[last];
                _pending.pop();
                return;
            }
        }
    }

    /// @notice Seals the writer set (once).
    function _seal() private {
        if (_settings.writersSealed) return;
        _settings.writersSealed = true;
        emit WritersSealed();
    }

    /// @notice The checks and the funding common to both credits: an active writer, a user, an amount, a
    ///         duration, and a ledger balance that covers what it owes afterwards.
    /// @param user The beneficiary.
    /// @param amount The ETRO credited.
    /// @param duration The release duration.
    /// @return kind The writer's kind.
    /// @return feeBps The claim fee of that kind now.
    function _checkCredit(address user, uint256 amount, uint256 duration)
        private
        returns (Kind kind, uint256 feeBps)
    {
        Writer memory info = _writers[msg.sender];
        if (!info.active) revert NotWriter(msg.sender);
        if (user == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        if (duration > MAX_DURATION) revert DurationTooLong(duration, MAX_DURATION);
        uint256 owedCredited = totalCredited + amount;
        uint256 owed = owedCredited - totalClaimed;
        uint256 balance = ETRO.balanceOf(address(this));
        if (balance < owed) revert Unfunded(owed, balance);
        totalCredited = SafeCast.toUint128(owedCredited);
        Settings memory settings = _settings;
        if (!settings.writersSealed) _seal();
        kind = info.kind;
        feeBps = kind == Kind.Swap ? settings.swapClaimFeeBps : settings.stakeClaimFeeBps;
    }

    /// @notice The stream key of (kind, fee, duration).
    /// @param kind The kind.
    /// @param feeBps The claim fee (fits 16 bits).
    /// @param duration The duration in seconds (fits 32 bits).
    /// @return The key: kind << 48 | fee << 32 | duration.
    function _key(Kind kind, uint256 feeBps, uint256 duration) private pure returns (uint256) {
        return (uint256(kind) << 48) | (feeBps << 32) | duration;
    }

    /// @notice How many streams `user`'s list holds.
    /// @param user The user.
    /// @return The count.
    function _streamCount(address user) private view returns (uint256) {
        return _accounts[user].streamCount;
    }

    /// @notice The `i`-th key of `user`'s stream list.
    /// @param user The user.
    /// @param i The index.
    /// @return The key.
    function _keyAt(address user, uint256 i) private view returns (uint256) {
        return uint64(_streamKeys[user][i >> 2] >> ((i & 3) << 6));
    }

    /// @notice Writes `key` at index `i` of `user`'s stream list.
    /// @param user The user.
    /// @param i The index.
    /// @param key The key.
    function _setKeyAt(address user, uint256 i, uint256 key) private {
        uint256 shift = (i & 3) << 6;
        uint256 word = _streamKeys[user][i >> 2];
        _streamKeys[user][i >> 2] = (word & ~(uint256(type(uint64).max) << shift)) | (key << shift);
    }

    /// @notice Appends stream `key` to `user`'s list.
    /// @param user The user.
    /// @param key The key.
    /// @param stream The stream (its `listed` is set; the caller stores it).
    function _list(address user, uint256 key, Stream memory stream) private {
        Account storage account = _accounts[user];
        uint256 count = account.streamCount;
        _setKeyAt(user, count, key);
        account.streamCount = SafeCast.toUint16(count + 1);
        stream.listed = uint32(count + 1);
    }

    /// @notice Removes the stream at index `i` of `user`'s list (the last key moves to `i`).
    /// @param user The user.
    /// @param i The index.
    /// @param stream The stream removed (its `listed` is cleared; the caller stores it).
    function _unlist(address user, uint256 i, Stream memory stream) private {
        Account storage account = _accounts[user];
        uint256 last = account.streamCount - 1;
        if (i != last) {
            uint256 moved = _keyAt(user, last);
            _setKeyAt(user, i, moved);
            _streams[user][moved].listed = uint32(i + 1);
        }
        account.streamCount = uint16(last);
        stream.listed = 0;
    }

    /// @notice Appends a position of `amount` starting now to a folded stream.
    /// @dev Σamount·start < 2^128 whenever Σamount < 2^96 and start < 2^32, so the uint128 cast is exact.
    /// @param stream The stream (updated in memory).
    /// @param points Its positions.
    /// @param amount The amount.
    function _append(Stream memory stream, mapping(uint256 => Point) storage points, uint256 amount) private {
        uint256 start = block.timestamp;
        uint256 position = stream.length;
        uint256 cumAmount = amount;
        uint256 cumWeighted = amount * start;
        if (position != 0) {
            Point memory previous = points[position - 1];
            cumAmount += previous.cumAmount;
            cumWeighted += previous.cumWeighted;
        }
        points[position] = Point({
            cumAmount: SafeCast.toUint96(cumAmount),
            start: SafeCast.toUint32(start),
            cumWeighted: uint128(cumWeighted)
        });
        stream.length = SafeCast.toUint32(position + 1);
    }

    /// @notice Folds the positions of a stream that have finished at the block time into its balance (in
    ///         memory; a stream whose positions have all finished restarts at position 0), and returns what
    ///         its unfolded positions hold and have released.
    /// @param stream The stream (updated in memory).
    /// @param points Its positions.
    /// @param duration Its duration (0: no positions).
    /// @return openAmount Σamount of the unfolded positions.
    /// @return linear What they have released at the block time (rounded down over the stream).
    function _settle(Stream memory stream, mapping(uint256 => Point) storage points, uint256 duration)
        private
        view
        returns (uint256 openAmount, uint256 linear)
    {
        uint256 from = stream.cursor;
        uint256 length = stream.length;
        if (from == length) return (0, 0);
        Point memory last = points[length - 1];
        uint256 foldedAmount;
        uint256 foldedWeighted;
        if (from != 0) {
            Point memory before = points[from - 1];
            foldedAmount = before.cumAmount;
            foldedWeighted = before.cumWeighted;
        }
        uint256 end = _firstUnfinished(points, from, length, duration);
        if (end == length) {
            stream.balance = SafeCast.toInt96(int256(stream.balance) + int256(last.cumAmount - foldedAmount));
            stream.cursor = 0;
            stream.length = 0;
            return (0, 0);
        }
        if (end != from) {
            Point memory boundary = points[end - 1];
            stream.balance = SafeCast.toInt96(int256(stream.balance) + int256(boundary.cumAmount - foldedAmount));
            stream.cursor = uint32(end);
            foldedAmount = boundary.cumAmount;
            foldedWeighted = boundary.cumWeighted;
        }
        openAmount = last.cumAmount - foldedAmount;
        // Every unfolded position started at or before now and has not finished, so
        // 0 <= now·Σa − Σa·s < Σa·duration.
        linear = (block.timestamp * openAmount - (last.cumWeighted - foldedWeighted)) / duration;
    }

    /// @notice The first position in [from, length) whose entry has not finished at the block time (length
    ///         when all have): a galloping search, since entries of one stream finish in order.
    /// @param points The stream's positions.
    /// @param from The first position to consider.
    /// @param length The stream's length.
    /// @param duration The stream's duration.
    /// @return The first unfinished position.
    function _firstUnfinished(mapping(uint256 => Point) storage points, uint256 from, uint256 length, uint256 duration)
        private
        view
        returns (uint256)
    {
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp < duration) return from;
        // forge-lint: disable-next-line(block-timestamp)
        uint256 horizon = block.timestamp - duration; // an entry has finished when start <= now − duration
        if (points[from].start > horizon) return from;
        uint256 lo = from;
        uint256 hi = length;
        uint256 step = 1;
        while (lo + step < length) {
            uint256 probe = lo + step;
            if (points[probe].start > horizon) {
                hi = probe;
                break;
            }
            lo = probe;
            step <<= 1;
        }
        while (hi - lo > 1) {
            uint256 mid = (lo + hi) / 2;
            if (points[mid].start > horizon) hi = mid;
            else lo = mid;
        }
        return hi;
    }

    /// @notice What a revocable entry has released by `time` (rounded down per entry).
    /// @param entry The entry.
    /// @param time The time (>= its start).
    /// @return The released amount.
    function _releasedBy(Revocable memory entry, uint256 time) private pure returns (uint256) {
        uint256 end = uint256(entry.start) + entry.duration;
        if (time >= end) return entry.amount;
        return uint256(entry.amount) * (time - entry.start) / entry.duration;
    }

    /// @notice Moves what a revocable entry released until now and was not claimed (`kept` is its release
    ///         now) into `user`'s duration-0 stream of the entry's kind and fee.
    /// @param user The user.
    /// @param entry The entry.
    /// @param kept What it released until now.
    function _moveToInstant(address user, Revocable memory entry, uint256 kept) private {
        uint256 unclaimed = kept - _releasedBy(entry, entry.claimedAt);
        if (unclaimed == 0) return;
        uint256 key = _key(entry.kind, entry.feeBps, 0);
        Stream memory stream = _streams[user][key];
        stream.balance = SafeCast.toInt96(int256(stream.balance) + int256(unclaimed));
        if (stream.listed == 0) _list(user, key, stream);
        _streams[user][key] = stream;
    }

    /// @notice Moves the finished entries out of `user`'s revocable table (each one's unclaimed release to
    ///         the duration-0 stream of its kind and fee).
    /// @param user The user.
    /// @param occupied The occupied bitmap.
    /// @return The bitmap afterwards.
    function _freeFinished(address user, uint256 occupied) private returns (uint256) {
        for (uint256 slot = 0; slot < MAX_REVOCABLE; ++slot) {
            Revocable memory entry = _revocables[user][slot];
            // forge-lint: disable-next-line(block-timestamp)
            if (uint256(entry.start) + entry.duration > block.timestamp) continue;
            _moveToInstant(user, entry, entry.amount);
            occupied &= ~_bit(slot);
        }
        return occupied;
    }

    /// @notice The current claim fees by kind.
    /// @return c A claim's totals with the current fees.
    function _newClaim() private view returns (Claim memory c) {
        Settings memory settings = _settings;
        c.feeBps = [uint256(settings.swapClaimFeeBps), uint256(settings.stakeClaimFeeBps)];
    }

    /// @notice Adds `part` of `kind` with the entry fee `entryFeeBps` to a claim (charged at the lower of the
    ///         entry's and the current fee).
    /// @param c The claim.
    /// @param kind The kind.
    /// @param entryFeeBps The entry's (or stream's) fee.
    /// @param part The amount.
    function _add(Claim memory c, uint256 kind, uint256 entryFeeBps, uint256 part) private pure {
        uint256 feeBps = c.feeBps[kind];
        if (entryFeeBps < feeBps) feeBps = entryFeeBps;
        c.amount[kind] += part;
        c.fee[kind] += part * feeBps / BPS;
    }

    /// @notice Claims `user`'s stream `key` into `c` (fold, take its claimable, unlist it once empty).
    /// @param user The user.
    /// @param key The stream key (listed).
    /// @param c The claim.
    function _claimStream(address user, uint256 key, Claim memory c) private {
        Stream memory stream = _streams[user][key];
        (uint256 openAmount, uint256 linear) = _settle(stream, _points[user][key], uint32(key));
        uint256 part = uint256(int256(stream.balance) + int256(linear));
        stream.balance = SafeCast.toInt96(-int256(linear));
        _add(c, key >> 48, uint16(key >> 32), part);
        if (openAmount == 0) _unlist(user, stream.listed - 1, stream);
        _streams[user][key] = stream;
    }

    /// @notice Claims `user`'s revocable entries into `c`, frees the finished ones, pays the claim.
    /// @param user The claimer.
    /// @param c The claim so far (the streams).
    /// @return amount The released ETRO claimed.
    /// @return fee The fee.
    function _finishClaim(address user, Claim memory c) private returns (uint256 amount, uint256 fee) {
        Account storage account = _accounts[user];
        uint256 occupied = account.occupied;
        if (occupied != 0) {
            for (uint256 slot = 0; slot < MAX_REVOCABLE; ++slot) {
                if (occupied & _bit(slot) == 0) continue;
                Revocable storage entry = _revocables[user][slot];
                Revocable memory e = entry;
                uint256 end = uint256(e.start) + e.duration;
                // forge-lint: disable-next-line(block-timestamp)
                uint256 upTo = block.timestamp < end ? block.timestamp : end;
                _add(c, uint256(e.kind), e.feeBps, _releasedBy(e, upTo) - _releasedBy(e, e.claimedAt));
                if (upTo == end) occupied &= ~_bit(slot);
                else if (upTo != e.claimedAt) entry.claimedAt = uint32(upTo);
            }
        }
        uint256 swapAmount = c.amount[0];
        uint256 stakeAmount = c.amount[1];
        amount = swapAmount + stakeAmount;
        if (amount == 0) revert NothingToClaim(user);
        fee = c.fee[0] + c.fee[1];
        account.claimedSwap = SafeCast.toUint112(account.claimedSwap + swapAmount);
        account.claimedStake = SafeCast.toUint112(account.claimedStake + stakeAmount);
        account.occupied = uint16(occupied);
        totalClaimed += uint128(amount);
        ETRO.safeTransfer(user, amount - fee);
        if (fee != 0) ETRO.safeTransfer(_settings.feeReceiver, fee);
        emit Claimed(user, swapAmount, stakeAmount, c.fee[0], c.fee[1]);
    }

    /// @notice What a claim by `user` would take and charge now, computed like {claim} in memory.
    /// @param user The user.
    /// @return c The claim.
    function _quote(address user) private view returns (Claim memory c) {
        c = _newClaim();
        uint256 count = _streamCount(user);
        for (uint256 i = 0; i < count; ++i) {
            uint256 key = _keyAt(user, i);
            Stream memory stream = _streams[user][key];
            (, uint256 linear) = _settle(stream, _points[user][key], uint32(key));
            _add(c, key >> 48, uint16(key >> 32), uint256(int256(stream.balance) + int256(linear)));
        }
        uint256 occupied = _accounts[user].occupied;
        for (uint256 slot = 0; slot < MAX_REVOCABLE; ++slot) {
            if (occupied & _bit(slot) == 0) continue;
            Revocable memory e = _revocables[user][slot];
            _add(c, uint256(e.kind), e.feeBps, _releasedBy(e, block.timestamp) - _releasedBy(e, e.claimedAt));
        }
    }

    /// @notice The bit of revocable slot `slot` in the occupied bitmap.
    /// @param slot The slot.
    /// @return 2^slot.
    function _bit(uint256 slot) private pure returns (uint256) {
        // forge-lint: disable-next-line(incorrect-shift)
        return 1 << slot;
    }

    /// @notice Takes `end` into the next and last release ends.
    /// @param next The earliest end so far (0: none).
    /// @param last The latest end so far.
    /// @param end The end to add.
    /// @return The updated earliest end.
    /// @return The updated latest end.
    function _addEnd(uint256 next, uint256 last, uint256 end) private pure returns (uint256, uint256) {
        if (next == 0 || end < next) next = end;
        if (end > last) last = end;
        return (next, last);
    }
}
