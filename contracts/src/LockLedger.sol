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
///         ledger's own ETRO balance, less a claim fee (5 % on released swap purchases, 3 % on released
///         staking rewards by default; owner-set, at most MAX_CLAIM_FEE_BPS) paid to `feeReceiver`.
///         A writer declares its kind (swap or stake) once, when it is added; every entry it credits is of
///         that kind. A writer may revoke the unreleased remainder of one of its own entries (an EULP
///         stake left early); what the entry had released stays the user's.
/// @dev Bounded claims. A user's entries are grouped into streams by (kind, duration). Entries of one
///      stream start in credit order (a credit starts at the block time), so they also finish in that
///      order. Each stream keeps, over its open entries (from `cursor` on), Σamount and Σamount·start, and
///      each position keeps the running (prefix) sums of both; so at time t the open entries have released
///      (t·Σamount − Σamount·start) / duration, and the entries that have finished since the last claim
///      are found by a galloping search from the cursor and folded out with two prefix-sum reads. `claim`
///      and `released` therefore read a fixed number of slots per stream whatever the number of open
///      entries (a search costs log₂ of the number of entries that finished since the last fold). One
///      exception, stated: while a stream holds revoked entries not yet folded, a fold walks the positions
///      up to the last of them once. A user has at most MAX_STREAMS open streams.
///      Writers: set freely only before the first credit (the deploy), then only through a proposal
///      executable after WRITER_DELAY; removing a writer is immediate.
///      Funding: a writer first transfers the ETRO to this contract, then calls {credit}; the credit is
///      refused unless the ledger's balance covers everything it owes afterwards.
///      Invariants (tested in LockLedger.invariant.t.sol):
///        - per user: claimed <= released <= credited; released never decreases;
///        - per entry: what it releases <= its amount; a revoked entry keeps what it had released;
///        - totalCredited (net of revocations) and totalClaimed (fees included) are the users' sums;
///        - ETRO.balanceOf(this) >= totalCredited - totalClaimed (the ledger never owes more than it holds).
contract LockLedger is Ownable2Step, ReentrancyGuardTransient {
    using SafeERC20 for IERC20;

    /// @notice What an entry is, which sets its claim fee.
    enum Kind {
        Swap,
        Stake
    }

    /// @notice One credited amount and its linear release schedule.
    /// @param writer The contract that credited it.
    /// @param start When the release began (unix seconds; the block time of the credit).
    /// @param duration How long the release takes, in seconds (0: all released at `start`).
    /// @param kind Its writer's kind.
    /// @param revoked True once its writer revoked the unreleased remainder.
    /// @param amount The ETRO credited.
    /// @param revokedReleased What it had released when it was revoked (all it ever releases).
    struct Entry {
        address writer;
        uint40 start;
        uint32 duration;
        Kind kind;
        bool revoked;
        uint128 amount;
        uint128 revokedReleased;
    }

    /// @notice A user's entries of one (kind, duration), folded out in order as they finish. Packed in four
    ///         slots, the first two all a credit or an unrevoked claim touches (Σamount·start < 2^168: amounts
    ///         fit 128 bits, times 40).
    /// @param openWeighted Σamount·start from the cursor on.
    /// @param length How many entries the stream has had.
    /// @param openAmount Σamount from the cursor on.
    /// @param cursor The first position not yet folded.
    /// @param slot 1 + the stream's index in the user's open-stream list (0: not listed).
    /// @param revokedWeighted Σamount·start of the revoked entries from the cursor on.
    /// @param revokedOpen How many revoked entries sit at or after the cursor.
    /// @param revokedAmount Σamount of the revoked entries from the cursor on.
    /// @param frozen Σ released-at-revocation of the revoked entries from the cursor on.
    struct Stream {
        uint192 openWeighted;
        uint64 length;
        uint128 openAmount;
        uint64 cursor;
        uint64 slot;
        uint192 revokedWeighted;
        uint64 revokedOpen;
        uint128 revokedAmount;
        uint128 frozen;
    }

    /// @notice One stream position: the running sums through it, its start and its entry.
    struct Point {
        uint128 cumAmount;
        uint64 start;
        uint64 entryIndex;
        uint256 cumWeighted;
    }

    /// @notice A user's aggregate figures, per kind where the fee needs it.
    /// @param credited Sum of the entries' amounts, less revoked remainders.
    /// @param claimed What the user has claimed per kind (fees included).
    /// @param settled What the folded entries released per kind.
    struct Account {
        uint128 credited;
        uint128[2] claimed;
        uint128[2] settled;
    }

    /// @notice A writer: whether it may credit, and its kind.
    struct Writer {
        bool active;
        Kind kind;
    }

    /// @notice A proposed writer: its kind and when it may be added (0: no proposal).
    struct Proposal {
        Kind kind;
        uint64 executableAt;
    }

    /// @notice The working copy of a stream during a fold.
    struct Fold {
        uint256 cursor;
        uint256 settledAdd;
        uint256 revokedOpen;
        uint256 openAmount;
        uint256 revokedAmount;
        uint256 frozen;
        uint256 openWeighted;
        uint256 revokedWeighted;
    }

    /// @notice 100 % in basis points.
    uint256 public constant BPS = 10_000;
    /// @notice The highest claim fee the owner may set (10 %).
    uint256 public constant MAX_CLAIM_FEE_BPS = 1000;
    /// @notice The longest release duration an entry may have.
    uint256 public constant MAX_DURATION = 4 * 365 days;
    /// @notice The most open streams (distinct kind and duration) a user may have.
    uint256 public constant MAX_STREAMS = 16;
    /// @notice How long a writer proposal waits before it can be executed.
    uint256 public constant WRITER_DELAY = 2 days;

    /// @notice The locked token (ETRO).
    IERC20 public immutable ETRO;

    mapping(address user => Entry[] entries) private _entries;
    mapping(address user => Account account) private _accounts;
    mapping(address user => uint256[] keys) private _openStreams;
    mapping(address user => mapping(uint256 key => Stream stream)) private _streams;
    mapping(address user => mapping(uint256 key => mapping(uint256 position => Point point))) private _points;
    mapping(address writer => Writer info) private _writers;
    mapping(address writer => Proposal proposal) private _proposals;

    /// @notice Sum of all credited entries over every user, less revoked remainders.
    uint128 public totalCredited;
    /// @notice Sum of all claims over every user (what users received plus fees).
    uint128 public totalClaimed;
    /// @notice Sum of the claim fees paid.
    uint128 public totalFees;
    /// @notice Sum of the unreleased remainders revoked and returned to writers.
    uint128 public totalRevoked;
    /// @notice The claim fee on released swap purchases, in basis points.
    uint16 public swapClaimFeeBps = 500;
    /// @notice The claim fee on released staking rewards, in basis points.
    uint16 public stakeClaimFeeBps = 300;
    /// @notice True once writers can only be added through a delayed proposal.
    bool public writersSealed;
    /// @notice Who receives the claim fees.
    address public feeReceiver;

    /// @notice A writer credited `amount` to `user`, releasing from `start` over `duration` seconds.
    /// @param user The beneficiary.
    /// @param writer The contract that credited the entry (the swap or a staking contract).
    /// @param index The entry's index in the user's list.
    /// @param amount The ETRO credited.
    /// @param start When the release begins.
    /// @param duration The release duration in seconds.
    event Credited(
        address indexed user, address indexed writer, uint256 indexed index, uint256 amount, uint64 start, uint64 duration
    );

    /// @notice `user` claimed `amount` released ETRO, of which `fee` went to the fee receiver.
    /// @param user The claimer.
    /// @param amount The released ETRO claimed (the user received amount − fee).
    /// @param fee The claim fee.
    event Claimed(address indexed user, uint256 amount, uint256 fee);

    /// @notice `writer` revoked the unreleased remainder of `user`'s entry `index`.
    /// @param user The entry's user.
    /// @param writer The entry's writer (who got the ETRO back).
    /// @param index The entry's index.
    /// @param unreleased The ETRO returned to the writer.
    event Revoked(address indexed user, address indexed writer, uint256 indexed index, uint256 unreleased);

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
    /// @notice `writer` may no longer credit or revoke.
    /// @param writer The writer.
    event WriterRemoved(address indexed writer);
    /// @notice Writers can only be added through a delayed proposal from now on.
    event WritersSealed();
    /// @notice The claim fees changed.
    /// @param swapFeeBps The fee on released swap purchases.
    /// @param stakeFeeBps The fee on released staking rewards.
    event ClaimFeesSet(uint256 swapFeeBps, uint256 stakeFeeBps);
    /// @notice The fee receiver changed.
    /// @param receiver The new receiver.
    event FeeReceiverSet(address indexed receiver);

    /// @notice An address parameter was the zero address.
    error ZeroAddress();
    /// @notice A credit of zero was attempted.
    error ZeroAmount();
    /// @notice The caller is not an active writer.
    /// @param caller The caller.
    error NotWriter(address caller);
    /// @notice A credit must start at the block time.
    /// @param start The start given.
    /// @param blockTime The block time.
    error StartNotNow(uint256 start, uint256 blockTime);
    /// @notice The duration is above MAX_DURATION.
    /// @param duration The duration given.
    /// @param maxDuration The cap.
    error DurationTooLong(uint256 duration, uint256 maxDuration);
    /// @notice The user already has MAX_STREAMS open streams and the credit would open another.
    /// @param user The user.
    /// @param maxStreams The cap.
    error TooManyStreams(address user, uint256 maxStreams);
    /// @notice The ledger's balance does not cover what it would owe after the credit.
    /// @param required What the ledger would owe in total.
    /// @param balance The ETRO it holds.
    error Unfunded(uint256 required, uint256 balance);
    /// @notice `user` has nothing released to claim.
    /// @param user The claimer.
    error NothingToClaim(address user);
    /// @notice No entry `index` exists for `user`.
    /// @param user The user.
    /// @param index The requested index.
    /// @param count How many entries the user has.
    error EntryOutOfRange(address user, uint256 index, uint256 count);
    /// @notice Only the entry's own writer may revoke it.
    /// @param user The entry's user.
    /// @param index The entry's index.
    /// @param writer The entry's writer.
    error NotEntryWriter(address user, uint256 index, address writer);
    /// @notice The entry was already revoked.
    /// @param user The entry's user.
    /// @param index The entry's index.
    error AlreadyRevoked(address user, uint256 index);
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

    /// @notice Restricts a function to active writers.
    modifier onlyWriter() {
        if (!_writers[msg.sender].active) revert NotWriter(msg.sender);
        _;
    }

    /// @notice Creates the ledger for `etro`, owned by `owner_` (who also receives the fees until changed).
    /// @param etro The locked token.
    /// @param owner_ The owner (writers, fees).
    constructor(IERC20 etro, address owner_) Ownable(owner_) {
        if (address(etro) == address(0)) revert ZeroAddress();
        ETRO = etro;
        feeReceiver = owner_;
        emit FeeReceiverSet(owner_);
        emit ClaimFeesSet(swapClaimFeeBps, stakeClaimFeeBps);
    }

    // ------------------------------------------------------------------ writers

    /// @notice Adds `writer` at once; only before writers are sealed (the first credit seals them).
    /// @param writer The writer.
    /// @param kind Its kind.
    function setupWriter(address writer, Kind kind) external onlyOwner {
        if (writersSealed) revert WritersAreSealed();
        _addWriter(writer, kind);
    }

    /// @notice Seals the writer set: from now on writers are added only through a delayed proposal.
    function sealWriters() external onlyOwner {
        _seal();
    }

    /// @notice Proposes `writer`; {executeWriter} adds it after WRITER_DELAY.
    /// @param writer The writer.
    /// @param kind Its kind.
    function proposeWriter(address writer, Kind kind) external onlyOwner {
        if (writer == address(0)) revert ZeroAddress();
        if (_writers[writer].active) revert AlreadyWriter(writer);
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
        delete _proposals[writer];
        _addWriter(writer, proposal.kind);
    }

    /// @notice Cancels a writer proposal.
    /// @param writer The proposed writer.
    function cancelWriter(address writer) external onlyOwner {
        if (_proposals[writer].executableAt == 0) revert NoProposal(writer);
        delete _proposals[writer];
        emit WriterProposalCancelled(writer);
    }

    /// @notice Removes `writer` at once (it can no longer credit or revoke).
    /// @param writer The writer.
    function removeWriter(address writer) external onlyOwner {
        if (!_writers[writer].active) revert NotWriter(writer);
        _writers[writer].active = false;
        emit WriterRemoved(writer);
    }

    /// @notice Sets both claim fees.
    /// @param swapFeeBps The fee on released swap purchases, at most MAX_CLAIM_FEE_BPS.
    /// @param stakeFeeBps The fee on released staking rewards, at most MAX_CLAIM_FEE_BPS.
    function setClaimFees(uint256 swapFeeBps, uint256 stakeFeeBps) external onlyOwner {
        if (swapFeeBps > MAX_CLAIM_FEE_BPS) revert FeeTooHigh(swapFeeBps, MAX_CLAIM_FEE_BPS);
        if (stakeFeeBps > MAX_CLAIM_FEE_BPS) revert FeeTooHigh(stakeFeeBps, MAX_CLAIM_FEE_BPS);
        swapClaimFeeBps = uint16(swapFeeBps);
        stakeClaimFeeBps = uint16(stakeFeeBps);
        emit ClaimFeesSet(swapFeeBps, stakeFeeBps);
    }

    /// @notice Sets who receives the claim fees.
    /// @param receiver The receiver.
    function setFeeReceiver(address receiver) external onlyOwner {
        if (receiver == address(0)) revert ZeroAddress();
        feeReceiver = receiver;
        emit FeeReceiverSet(receiver);
    }

    // ------------------------------------------------------------------ writes

    /// @notice Credits `amount` locked ETRO to `user`, released linearly from now over `duration`.
    /// @dev The caller must have transferred the ETRO to this contract beforehand. The entry's kind is
    ///      the writer's.
    /// @param user The beneficiary.
    /// @param amount The ETRO credited.
    /// @param start When the release begins: must be the block time.
    /// @param duration The release duration in seconds (at most MAX_DURATION); 0 releases everything now.
    /// @return index The entry's index in the user's list.
    function credit(address user, uint256 amount, uint64 start, uint64 duration)
        external
        onlyWriter
        returns (uint256 index)
    {
        if (user == address(0)) revert ZeroAddress();
        if (amount == 0) revert ZeroAmount();
        // forge-lint: disable-next-line(block-timestamp)
        if (start != block.timestamp) revert StartNotNow(start, block.timestamp);
        if (duration > MAX_DURATION) revert DurationTooLong(duration, MAX_DURATION);
        uint128 amount128 = SafeCast.toUint128(amount);
        uint256 owed = uint256(totalCredited) + amount - totalClaimed;
        uint256 balance = ETRO.balanceOf(address(this));
        if (balance < owed) revert Unfunded(owed, balance);
        if (!writersSealed) _seal();

        Kind kind = _writers[msg.sender].kind;
        totalCredited += amount128;
        _accounts[user].credited += amount128;
        Entry[] storage list = _entries[user];
        index = list.length;
        list.push(
            Entry({
                writer: msg.sender,
                start: uint40(start),
                duration: uint32(duration),
                kind: kind,
                revoked: false,
                amount: amount128,
                revokedReleased: 0
            })
        );
        _append(user, _key(kind, duration), index, amount128, start);
        emit Credited(user, msg.sender, index, amount, start, duration);
    }

    /// @notice Pays the caller every released and not yet claimed ETRO, less the claim fee.
    /// @return amount The released ETRO claimed.
    /// @return fee The part of it paid to the fee receiver.
    function claim() external nonReentrant returns (uint256 amount, uint256 fee) {
        address user = msg.sender;
        Account storage account = _accounts[user];
        uint256[] storage keys = _openStreams[user];
        uint256[2] memory open;
        for (uint256 i = keys.length; i > 0; --i) {
            uint256 key = keys[i - 1];
            Stream storage stream = _streams[user][key];
            Fold memory f = _fold(user, key, stream);
            uint256 kind = key >> 32;
            if (f.cursor != stream.cursor) {
                _store(stream, f);
                account.settled[kind] += SafeCast.toUint128(f.settledAdd);
            }
            if (f.cursor == stream.length) _unlist(user, keys, stream, i - 1);
            else open[kind] += _openReleased(f, key);
        }
        uint256 swapPart = account.settled[0] + open[0] - account.claimed[0];
        uint256 stakePart = account.settled[1] + open[1] - account.claimed[1];
        amount = swapPart + stakePart;
        if (amount == 0) revert NothingToClaim(user);
        fee = swapPart * swapClaimFeeBps / BPS + stakePart * stakeClaimFeeBps / BPS;
        account.claimed[0] += SafeCast.toUint128(swapPart);
        account.claimed[1] += SafeCast.toUint128(stakePart);
        totalClaimed += SafeCast.toUint128(amount);
        totalFees += SafeCast.toUint128(fee);
        ETRO.safeTransfer(user, amount - fee);
        if (fee != 0) ETRO.safeTransfer(feeReceiver, fee);
        emit Claimed(user, amount, fee);
    }

    /// @notice Revokes the unreleased remainder of `user`'s entry `index` and returns it to its writer
    ///         (the caller). What the entry has released so far stays the user's; a finished entry has
    ///         nothing to revoke (returns 0 and stays as it is).
    /// @param user The entry's user.
    /// @param index The entry's index.
    /// @return unreleased The ETRO returned to the caller.
    function revoke(address user, uint256 index) external onlyWriter nonReentrant returns (uint256 unreleased) {
        Entry storage entry = _entryAt(user, index);
        if (entry.writer != msg.sender) revert NotEntryWriter(user, index, entry.writer);
        if (entry.revoked) revert AlreadyRevoked(user, index);
        uint256 start = entry.start;
        uint256 duration = entry.duration;
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp >= start + duration) return 0;

        uint256 kind = uint256(entry.kind);
        uint256 key = _key(entry.kind, duration);
        Stream storage stream = _streams[user][key];
        Fold memory f = _fold(user, key, stream);
        uint256 amount = entry.amount;
        uint256 before = _linear(f, duration);
        f.revokedAmount += amount;
        f.revokedWeighted += amount * start;
        uint256 kept = before - _linear(f, duration);
        f.frozen += kept;
        ++f.revokedOpen;
        _store(stream, f);
        Account storage account = _accounts[user];
        if (f.settledAdd != 0) account.settled[kind] += SafeCast.toUint128(f.settledAdd);

        unreleased = amount - kept;
        entry.revoked = true;
        entry.revokedReleased = uint128(kept);
        account.credited -= uint128(unreleased);
        totalCredited -= uint128(unreleased);
        totalRevoked += uint128(unreleased);
        if (unreleased != 0) ETRO.safeTransfer(msg.sender, unreleased);
        emit Revoked(user, msg.sender, index, unreleased);
    }

    // ------------------------------------------------------------------ views

    /// @notice Whether `writer` may credit, and its kind.
    /// @param writer The address.
    /// @return active True for an active writer.
    /// @return kind Its kind (meaningful when active).
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

    /// @notice What `user` has been credited, in total (less revoked remainders).
    /// @param user The user.
    /// @return The sum of the user's entries.
    function credited(address user) external view returns (uint256) {
        return _accounts[user].credited;
    }

    /// @notice What `user` has claimed, in total (fees included).
    /// @param user The user.
    /// @return The ETRO claimed.
    function claimed(address user) public view returns (uint256) {
        Account storage account = _accounts[user];
        return uint256(account.claimed[0]) + account.claimed[1];
    }

    /// @notice What has been released to `user` so far (claimed or not).
    /// @param user The user.
    /// @return The released ETRO.
    function released(address user) public view returns (uint256) {
        (uint256 swapReleased, uint256 stakeReleased) = releasedByKind(user);
        return swapReleased + stakeReleased;
    }

    /// @notice What has been released to `user` so far, per kind.
    /// @param user The user.
    /// @return swapReleased Released swap purchases.
    /// @return stakeReleased Released staking rewards.
    function releasedByKind(address user) public view returns (uint256 swapReleased, uint256 stakeReleased) {
        Account storage account = _accounts[user];
        uint256[2] memory sums = [uint256(account.settled[0]), uint256(account.settled[1])];
        uint256[] storage keys = _openStreams[user];
        for (uint256 i = 0; i < keys.length; ++i) {
            uint256 key = keys[i];
            Fold memory f = _fold(user, key, _streams[user][key]);
            sums[key >> 32] += f.settledAdd + _openReleased(f, key);
        }
        return (sums[0], sums[1]);
    }

    /// @notice What `user` can claim now (before the fee).
    /// @param user The user.
    /// @return Released minus claimed.
    function claimable(address user) external view returns (uint256) {
        return released(user) - claimed(user);
    }

    /// @notice What a claim by `user` would pay now: the released and unclaimed ETRO and its fee (the user
    ///         receives amount − fee).
    /// @param user The user.
    /// @return amount The ETRO claimable.
    /// @return fee The claim fee on it.
    function quoteClaim(address user) external view returns (uint256 amount, uint256 fee) {
        (uint256 swapReleased, uint256 stakeReleased) = releasedByKind(user);
        Account storage account = _accounts[user];
        uint256 swapPart = swapReleased - account.claimed[0];
        uint256 stakePart = stakeReleased - account.claimed[1];
        amount = swapPart + stakePart;
        fee = swapPart * swapClaimFeeBps / BPS + stakePart * stakeClaimFeeBps / BPS;
    }

    /// @notice What is still locked for `user` (credited, not yet released).
    /// @param user The user.
    /// @return Credited minus released.
    function locked(address user) external view returns (uint256) {
        return _accounts[user].credited - released(user);
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
        return (_accounts[user].credited, released(user), claimed(user));
    }

    /// @notice How many open streams `user` has (at most MAX_STREAMS).
    /// @param user The user.
    /// @return The count.
    function openStreamCount(address user) external view returns (uint256) {
        return _openStreams[user].length;
    }

    /// @notice How many entries `user` has.
    /// @param user The user.
    /// @return The length of the user's entry list.
    function entryCount(address user) external view returns (uint256) {
        return _entries[user].length;
    }

    /// @notice One of `user`'s entries.
    /// @param user The user.
    /// @param index The entry's index.
    /// @return The entry.
    function entryAt(address user, uint256 index) external view returns (Entry memory) {
        return _entryAt(user, index);
    }

    /// @notice All of `user`'s entries, oldest first (the "swap release" and reward records).
    /// @param user The user.
    /// @return The entries.
    function entriesOf(address user) external view returns (Entry[] memory) {
        return _entries[user];
    }

    // ------------------------------------------------------------------ internals

    /// @notice Adds `writer` as active with `kind`.
    /// @param writer The writer.
    /// @param kind Its kind.
    function _addWriter(address writer, Kind kind) private {
        if (writer == address(0)) revert ZeroAddress();
        if (_writers[writer].active) revert AlreadyWriter(writer);
        _writers[writer] = Writer({active: true, kind: kind});
        emit WriterAdded(writer, kind);
    }

    /// @notice Seals the writer set (once).
    function _seal() private {
        if (writersSealed) return;
        writersSealed = true;
        emit WritersSealed();
    }

    /// @notice The stream key of (kind, duration).
    /// @param kind The kind.
    /// @param duration The duration in seconds (fits 32 bits).
    /// @return The key: kind << 32 | duration.
    function _key(Kind kind, uint256 duration) private pure returns (uint256) {
        return (uint256(kind) << 32) | duration;
    }

    /// @notice Appends entry `index` (amount, start) to `user`'s stream `key`, listing the stream if needed.
    /// @param user The user.
    /// @param key The stream key.
    /// @param index The entry index.
    /// @param amount The amount.
    /// @param start The start.
    function _append(address user, uint256 key, uint256 index, uint128 amount, uint64 start) private {
        Stream storage stream = _streams[user][key];
        if (stream.slot == 0) {
            uint256[] storage keys = _openStreams[user];
            if (keys.length >= MAX_STREAMS) revert TooManyStreams(user, MAX_STREAMS);
            keys.push(key);
            stream.slot = uint64(keys.length);
        }
        uint256 position = stream.length;
        mapping(uint256 => Point) storage points = _points[user][key];
        uint256 weighted = uint256(amount) * start;
        uint128 cumAmount = amount;
        uint256 cumWeighted = weighted;
        if (position != 0) {
            Point storage previous = points[position - 1];
            cumAmount += previous.cumAmount;
            cumWeighted += previous.cumWeighted;
        }
        points[position] =
            Point({cumAmount: cumAmount, start: start, entryIndex: uint64(index), cumWeighted: cumWeighted});
        stream.length = uint64(position + 1);
        stream.openAmount += amount;
        stream.openWeighted = SafeCast.toUint192(stream.openWeighted + weighted);
    }

    /// @notice Removes the stream at `keys[i]` from the open list (swap and pop).
    /// @param user The user.
    /// @param keys The user's open-stream list.
    /// @param stream The stream being removed.
    /// @param i Its index in the list.
    function _unlist(address user, uint256[] storage keys, Stream storage stream, uint256 i) private {
        uint256 last = keys.length - 1;
        if (i != last) {
            uint256 moved = keys[last];
            keys[i] = moved;
            _streams[user][moved].slot = uint64(i + 1);
        }
        keys.pop();
        stream.slot = 0;
    }

    /// @notice Folds the entries of `user`'s stream `key` that have finished at the block time, in memory.
    /// @param user The user.
    /// @param key The stream key.
    /// @param stream The stream.
    /// @return f The stream after the fold, and what the folded entries released.
    function _fold(address user, uint256 key, Stream storage stream) private view returns (Fold memory f) {
        f.cursor = stream.cursor;
        f.revokedOpen = stream.revokedOpen;
        f.openAmount = stream.openAmount;
        f.revokedAmount = stream.revokedAmount;
        f.frozen = stream.frozen;
        f.openWeighted = stream.openWeighted;
        f.revokedWeighted = stream.revokedWeighted;
        uint256 length = stream.length;
        uint256 from = f.cursor;
        if (from == length) return f;
        mapping(uint256 => Point) storage points = _points[user][key];
        uint256 end = _firstUnfinished(points, from, length, uint32(key));
        if (end == from) return f;

        Point storage last = points[end - 1];
        uint256 rangeAmount = last.cumAmount;
        uint256 rangeWeighted = last.cumWeighted;
        if (from != 0) {
            Point storage before = points[from - 1];
            rangeAmount -= before.cumAmount;
            rangeWeighted -= before.cumWeighted;
        }
        f.openAmount -= rangeAmount;
        f.openWeighted -= rangeWeighted;
        uint256 settledAdd = rangeAmount;
        Entry[] storage entries = _entries[user];
        for (uint256 p = from; p < end && f.revokedOpen != 0; ++p) {
            Entry storage entry = entries[points[p].entryIndex];
            if (entry.revoked) {
                uint256 amount = entry.amount;
                uint256 kept = entry.revokedReleased;
                settledAdd -= amount - kept;
                f.revokedAmount -= amount;
                f.revokedWeighted -= amount * entry.start;
                f.frozen -= kept;
                --f.revokedOpen;
            }
        }
        f.settledAdd = settledAdd;
        f.cursor = end;
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
        if (duration == 0) return length;
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

    /// @notice What the open, non-revoked entries of a folded stream have released at the block time.
    /// @param f The folded stream.
    /// @param duration The stream's duration.
    /// @return The released amount (rounded down over the stream).
    function _linear(Fold memory f, uint256 duration) private view returns (uint256) {
        uint256 amount = f.openAmount - f.revokedAmount;
        if (amount == 0) return 0;
        // Every open entry started at or before now and has not finished, so 0 <= now·Σa − Σa·s < Σa·duration.
        return (block.timestamp * amount - (f.openWeighted - f.revokedWeighted)) / duration;
    }

    /// @notice What the unfolded entries of a folded stream have released: the open ones plus what the
    ///         revoked ones kept.
    /// @param f The folded stream.
    /// @param key The stream key.
    /// @return The released amount.
    function _openReleased(Fold memory f, uint256 key) private view returns (uint256) {
        return _linear(f, uint32(key)) + f.frozen;
    }

    /// @notice Writes a folded stream back.
    /// @param stream The stream.
    /// @param f Its folded copy.
    function _store(Stream storage stream, Fold memory f) private {
        stream.cursor = uint64(f.cursor);
        stream.revokedOpen = uint64(f.revokedOpen);
        stream.openAmount = uint128(f.openAmount);
        stream.revokedAmount = uint128(f.revokedAmount);
        stream.frozen = uint128(f.frozen);
        stream.openWeighted = SafeCast.toUint192(f.openWeighted);
        stream.revokedWeighted = SafeCast.toUint192(f.revokedWeighted);
    }

    /// @notice `user`'s entry `index`, or EntryOutOfRange.
    /// @param user The user.
    /// @param index The index.
    /// @return The entry.
    function _entryAt(address user, uint256 index) private view returns (Entry storage) {
        Entry[] storage list = _entries[user];
        if (index >= list.length) revert EntryOutOfRange(user, index, list.length);
        return list[index];
    }
}
