// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoToken} from "../../src/EternoToken.sol";
import {LockLedger} from "../../src/LockLedger.sol";
import {Test} from "../utils/Test.sol";

/// @notice Drives the ledger as its two writers (a swap writer and a stake writer: funded credits of a few
///         durations, revocable credits and revocations), as its users (claims, claims of a subset of
///         streams) and as its owner (claim fees, fee receiver, writer proposals, executions, cancellations
///         and removals of a third writer, and removing / re-adding the stake writer, which must still be
///         able to revoke its entries while removed), moving time forward. Keeps its own record of every
///         entry and computes independently what each user has released, per stream group (kind, fee at
///         the credit, duration: rounded down over the group) and per revocable entry (rounded down per
///         entry), and what each claim must charge (min of the entry's fee and the current fee).
contract LockLedgerHandler is Test {
    LockLedger public immutable ledger;
    EternoToken public immutable etro;
    address public immutable owner;
    address public constant SWAP_WRITER = address(0x5A);
    address public constant STAKE_WRITER = address(0x57);
    address public constant SPARE_WRITER = address(0x99);
    uint256 private constant BPS = 10_000;
    address[] public users;
    address[2] public receivers = [address(0xFEE1), address(0xFEE2)];

    /// @dev A stream group (kind, fee, duration) of a user: its credits are in `entries` (non-revocable, or
    ///      the unclaimed release of revoked / freed revocable entries added to `moved` of a duration-0 group).
    struct Group {
        uint256 kind;
        uint256 fee;
        uint256 duration;
        uint256 moved;
        uint256 claimed;
    }

    /// @dev What the handler credited.
    struct GhostEntry {
        uint256 amount;
        uint256 start;
        uint256 duration;
        uint256 kind;
        uint256 fee;
        bool revocable;
        bool closed;
        uint256 slot;
        uint256 claimed;
    }

    mapping(address user => GhostEntry[] entries) private _ghostEntries;
    mapping(address user => Group[] groups) private _groups;
    mapping(address user => uint256 amount) public ghostCredited;
    mapping(address user => uint256 amount) public ghostClaimed;
    mapping(address user => uint256 amount) public ghostReceived;
    mapping(address user => uint256 amount) private _lastReleased;
    uint256 public ghostTotalClaimed;
    uint256 public ghostTotalFees;
    uint256 public ghostRevoked;
    uint256 public credits;
    uint256 public claims;
    uint256 public revocations;
    uint256 public ownerActions;

    constructor(LockLedger ledger_, EternoToken etro_, address owner_) {
        ledger = ledger_;
        etro = etro_;
        owner = owner_;
        for (uint256 i = 1; i <= 4; i++) {
            users.push(vm.addr(0x1000 + i));
        }
    }

    function userCount() external view returns (uint256) {
        return users.length;
    }

    /// @dev After every action: no user's released amount went down (credits, revocations, claims, fee
    ///      changes, writer changes and time included). A violation reverts, which fails the run.
    modifier releasedNeverDecreases() {
        _;
        for (uint256 i = 0; i < users.length; i++) {
            uint256 released = ledger.released(users[i]);
            require(released >= _lastReleased[users[i]], "released never decreases");
            _lastReleased[users[i]] = released;
        }
    }

    function credit(uint256 userSeed, uint256 amount, uint256 durationSeed, bool stake) external releasedNeverDecreases {
        address user = users[userSeed % users.length];
        address writer = stake ? STAKE_WRITER : SWAP_WRITER;
        (bool active,) = ledger.writerOf(writer);
        if (!active) return;
        amount = bound(amount, 1, 100_000e18);
        uint64[5] memory durations = [uint64(0), 1 hours, 1 days, 3 days, 30 days];
        uint256 duration = durations[durationSeed % 5];
        uint256 kind = stake ? 1 : 0;
        uint256 fee = _currentFee(kind);
        require(etro.transfer(address(ledger), amount), "fund ledger");
        vm.prank(writer);
        ledger.credit(user, amount, duration);
        _ghostEntries[user].push(GhostEntry(amount, block.timestamp, duration, kind, fee, false, false, 0, 0));
        _groupOf(user, kind, fee, duration);
        ghostCredited[user] += amount;
        credits++;
    }

    function creditRevocable(uint256 userSeed, uint256 amount, uint256 durationSeed) external releasedNeverDecreases {
        address user = users[userSeed % users.length];
        (bool active,) = ledger.writerOf(STAKE_WRITER);
        if (!active) return;
        amount = bound(amount, 1, 100_000e18);
        uint64[3] memory durations = [uint64(1 hours), 2 days, 30 days];
        uint256 duration = durations[durationSeed % 3];
        uint256 fee = _currentFee(1);
        uint256 open = _occupied(user);
        if (open == ledger.MAX_REVOCABLE()) {
            // The ledger moves the finished entries out first; refused when none has finished.
            open -= _freeFinished(user);
            if (open == ledger.MAX_REVOCABLE()) {
                require(etro.transfer(address(ledger), amount), "fund ledger");
                vm.prank(STAKE_WRITER);
                vm.expectRevert(abi.encodeWithSelector(LockLedger.RevocableTableFull.selector, user, open));
                ledger.creditRevocable(user, amount, duration);
                return;
            }
        }
        require(etro.transfer(address(ledger), amount), "fund ledger");
        vm.prank(STAKE_WRITER);
        uint256 slot = ledger.creditRevocable(user, amount, duration);
        require(!_slotUsed(user, slot), "a free slot");
        _ghostEntries[user].push(GhostEntry(amount, block.timestamp, duration, 1, fee, true, false, slot, 0));
        ghostCredited[user] += amount;
        credits++;
    }

    function revoke(uint256 userSeed, uint256 entrySeed) external releasedNeverDecreases {
        address user = users[userSeed % users.length];
        GhostEntry[] storage list = _ghostEntries[user];
        if (list.length == 0) return;
        GhostEntry storage e = list[entrySeed % list.length];
        if (!e.revocable || e.closed) return;
        uint256 kept = _revocableReleased(e);
        uint256 writerBefore = etro.balanceOf(STAKE_WRITER);
        // The writer revokes whether or not the owner removed it.
        vm.prank(STAKE_WRITER);
        uint256 back = ledger.revoke(user, e.slot);
        require(etro.balanceOf(STAKE_WRITER) - writerBefore == back, "writer got the remainder");
        require(back == e.amount - kept, "revoked == amount - what it released until now");
        require(kept <= e.amount, "kept <= amount");
        _close(user, e, kept);
        ghostCredited[user] -= back;
        ghostRevoked += back;
        revocations++;
    }

    function claim(uint256 userSeed) external releasedNeverDecreases {
        address user = users[userSeed % users.length];
        _claim(user, ledger.streamKeysOf(user), true);
    }

    /// @dev Claims the revocable entries and every other listed stream (a subset) through `claimStreams`.
    function claimSubset(uint256 userSeed, uint256 mask) external releasedNeverDecreases {
        address user = users[userSeed % users.length];
        uint256[] memory listed = ledger.streamKeysOf(user);
        uint256 n;
        uint256[] memory keys = new uint256[](listed.length);
        for (uint256 i = 0; i < listed.length; i++) {
            if ((mask >> i) & 1 == 1) keys[n++] = listed[i];
        }
        uint256[] memory subset = new uint256[](n);
        for (uint256 i = 0; i < n; i++) {
            subset[i] = keys[i];
        }
        _claim(user, subset, false);
    }

    function setClaimFees(uint256 swapFee, uint256 stakeFee) external releasedNeverDecreases {
        vm.prank(owner);
        ledger.setClaimFees(bound(swapFee, 0, 1000), bound(stakeFee, 0, 1000));
        ownerActions++;
    }

    function setFeeReceiver(bool second) external {
        vm.prank(owner);
        ledger.setFeeReceiver(receivers[second ? 1 : 0]);
        ownerActions++;
    }

    /// @dev Proposes, executes (once due), cancels or removes the spare writer, as the owner.
    function manageSpareWriter(uint256 action) external {
        _manage(SPARE_WRITER, LockLedger.Kind.Swap, action);
    }

    /// @dev Removes the stake writer or brings it back through a proposal: while removed it cannot credit
    ///      but still revokes its entries (see `revoke`).
    function manageStakeWriter(uint256 action) external releasedNeverDecreases {
        _manage(STAKE_WRITER, LockLedger.Kind.Stake, action);
    }

    function warp(uint256 seconds_) external releasedNeverDecreases {
        vm.warp(block.timestamp + bound(seconds_, 1, 3 days));
    }

    /// @dev What the handler's own record says `user` has released at the current time.
    function ghostReleased(address user) public view returns (uint256 sum) {
        (uint256 swapPart, uint256 stakePart) = ghostReleasedByKind(user);
        return swapPart + stakePart;
    }

    /// @dev The same, per kind: every group's release (claimed or not), every open revocable entry's
    ///      release, and what closed revocable entries had claimed before they closed (the rest is `moved`).
    function ghostReleasedByKind(address user) public view returns (uint256 swapPart, uint256 stakePart) {
        uint256[2] memory sums;
        Group[] storage groups = _groups[user];
        for (uint256 g = 0; g < groups.length; g++) {
            sums[groups[g].kind] += _groupReleased(user, groups[g]);
        }
        GhostEntry[] storage list = _ghostEntries[user];
        for (uint256 i = 0; i < list.length; i++) {
            GhostEntry storage e = list[i];
            if (!e.revocable) continue;
            sums[1] += e.closed ? e.claimed : _revocableReleased(e);
        }
        return (sums[0], sums[1]);
    }

    /// @dev Claims (`all`: with `claim()`, else `claimStreams(keys)`) and checks every figure against the
    ///      handler's own: per kind, the fee of each entry, the quote, the transfers.
    function _claim(address user, uint256[] memory keys, bool all) private {
        (uint256[2] memory parts, uint256 expectedFee) = _expected(user, keys);
        uint256 expected = parts[0] + parts[1];
        if (all) {
            (uint256 quoted, uint256 quotedFee) = ledger.quoteClaim(user);
            require(quoted == expected && quotedFee == expectedFee, "quote == the handler's own figure");
        }
        if (expected == 0) {
            vm.prank(user);
            vm.expectRevert(abi.encodeWithSelector(LockLedger.NothingToClaim.selector, user));
            if (all) ledger.claim();
            else ledger.claimStreams(keys);
            return;
        }
        address receiver = ledger.feeReceiver();
        uint256 before = etro.balanceOf(user);
        uint256 receiverBefore = etro.balanceOf(receiver);
        vm.prank(user);
        (uint256 amount, uint256 fee) = all ? ledger.claim() : ledger.claimStreams(keys);
        require(amount == expected, "claim pays what was released and unclaimed");
        require(fee == expectedFee, "each entry at min(its fee, the current fee)");
        require(etro.balanceOf(user) - before == amount - fee, "user received amount - fee");
        require(etro.balanceOf(receiver) - receiverBefore == fee, "receiver got the fee");
        _recordClaim(user, keys);
        ghostClaimed[user] += amount;
        ghostReceived[user] += amount - fee;
        ghostTotalClaimed += amount;
        ghostTotalFees += fee;
        claims++;
    }

    /// @dev What a claim of `keys` (and every revocable entry) takes per kind and charges.
    function _expected(address user, uint256[] memory keys) private view returns (uint256[2] memory parts, uint256 fee) {
        Group[] storage groups = _groups[user];
        for (uint256 g = 0; g < groups.length; g++) {
            if (!_contains(keys, _keyOf(groups[g]))) continue;
            uint256 part = _groupReleased(user, groups[g]) - groups[g].claimed;
            parts[groups[g].kind] += part;
            fee += part * _feeAt(groups[g].kind, groups[g].fee) / BPS;
        }
        GhostEntry[] storage list = _ghostEntries[user];
        for (uint256 i = 0; i < list.length; i++) {
            GhostEntry storage e = list[i];
            if (!e.revocable || e.closed) continue;
            uint256 part = _revocableReleased(e) - e.claimed;
            parts[1] += part;
            fee += part * _feeAt(1, e.fee) / BPS;
        }
    }

    function _recordClaim(address user, uint256[] memory keys) private {
        Group[] storage groups = _groups[user];
        for (uint256 g = 0; g < groups.length; g++) {
            if (_contains(keys, _keyOf(groups[g]))) groups[g].claimed = _groupReleased(user, groups[g]);
        }
        GhostEntry[] storage list = _ghostEntries[user];
        for (uint256 i = 0; i < list.length; i++) {
            GhostEntry storage e = list[i];
            if (!e.revocable || e.closed) continue;
            e.claimed = _revocableReleased(e);
            // forge-lint: disable-next-line(block-timestamp)
            if (block.timestamp >= e.start + e.duration) e.closed = true; // claimed in full: slot freed
        }
    }

    function _manage(address writer, LockLedger.Kind kind, uint256 action) private {
        (bool active,) = ledger.writerOf(writer);
        (, uint256 executableAt) = ledger.proposalOf(writer);
        vm.startPrank(owner);
        if (active) {
            ledger.removeWriter(writer);
        } else if (executableAt == 0) {
            ledger.proposeWriter(writer, kind);
        } else if (action % 2 == 0) {
            ledger.cancelWriter(writer);
            // forge-lint: disable-next-line(block-timestamp)
        } else if (block.timestamp >= executableAt) {
            ledger.executeWriter(writer);
        } else {
            vm.expectRevert(abi.encodeWithSelector(LockLedger.ProposalNotReady.selector, writer, executableAt));
            ledger.executeWriter(writer);
        }
        vm.stopPrank();
        (address[] memory pending,, uint256[] memory at) = ledger.pendingWriters();
        for (uint256 i = 0; i < pending.length; i++) {
            (, uint256 expectedAt) = ledger.proposalOf(pending[i]);
            require(expectedAt == at[i] && expectedAt != 0, "pendingWriters lists the live proposals");
        }
        ownerActions++;
    }

    /// @dev Closes revocable entry `e` keeping `kept`: its unclaimed part moves to the group (stake, fee, 0);
    ///      `e.claimed` stays what it had claimed while open.
    function _close(address user, GhostEntry storage e, uint256 kept) private {
        uint256 g = _groupOf(user, 1, e.fee, 0);
        _groups[user][g].moved += kept - e.claimed;
        e.closed = true;
    }

    /// @dev Mirrors the ledger freeing the finished entries of a full table; returns how many.
    function _freeFinished(address user) private returns (uint256 freed) {
        GhostEntry[] storage list = _ghostEntries[user];
        for (uint256 i = 0; i < list.length; i++) {
            GhostEntry storage e = list[i];
            // forge-lint: disable-next-line(block-timestamp)
            if (!e.revocable || e.closed || block.timestamp < e.start + e.duration) continue;
            _close(user, e, e.amount);
            freed++;
        }
    }

    function _occupied(address user) private view returns (uint256 n) {
        GhostEntry[] storage list = _ghostEntries[user];
        for (uint256 i = 0; i < list.length; i++) {
            if (list[i].revocable && !list[i].closed) n++;
        }
    }

    function _slotUsed(address user, uint256 slot) private view returns (bool) {
        GhostEntry[] storage list = _ghostEntries[user];
        for (uint256 i = 0; i < list.length; i++) {
            if (list[i].revocable && !list[i].closed && list[i].slot == slot) return true;
        }
        return false;
    }

    /// @dev The index of the group (kind, fee, duration) of `user`, added when new.
    function _groupOf(address user, uint256 kind, uint256 fee, uint256 duration) private returns (uint256) {
        Group[] storage groups = _groups[user];
        for (uint256 g = 0; g < groups.length; g++) {
            if (groups[g].kind == kind && groups[g].fee == fee && groups[g].duration == duration) return g;
        }
        groups.push(Group(kind, fee, duration, 0, 0));
        return groups.length - 1;
    }

    /// @dev A group's release: its finished credits in full, floor(Σ a·(now − s) / d) over the others, plus
    ///      what closed revocable entries moved into it.
    function _groupReleased(address user, Group storage group) private view returns (uint256 sum) {
        GhostEntry[] storage list = _ghostEntries[user];
        uint256 numerator;
        for (uint256 i = 0; i < list.length; i++) {
            GhostEntry storage e = list[i];
            if (e.revocable || e.kind != group.kind || e.fee != group.fee || e.duration != group.duration) continue;
            // forge-lint: disable-next-line(block-timestamp)
            if (block.timestamp >= e.start + e.duration) sum += e.amount;
            else numerator += e.amount * (block.timestamp - e.start);
        }
        if (group.duration != 0) sum += numerator / group.duration;
        sum += group.moved;
    }

    /// @dev A revocable entry's release now: floor(a·(now − s) / d), all of it from its end on.
    function _revocableReleased(GhostEntry storage e) private view returns (uint256) {
        // forge-lint: disable-next-line(block-timestamp)
        if (block.timestamp >= e.start + e.duration) return e.amount;
        return e.amount * (block.timestamp - e.start) / e.duration;
    }

    function _currentFee(uint256 kind) private view returns (uint256) {
        return kind == 0 ? ledger.swapClaimFeeBps() : ledger.stakeClaimFeeBps();
    }

    function _feeAt(uint256 kind, uint256 entryFee) private view returns (uint256) {
        uint256 current = _currentFee(kind);
        return entryFee < current ? entryFee : current;
    }

    function _keyOf(Group storage group) private view returns (uint256) {
        return (group.kind << 48) | (group.fee << 32) | group.duration;
    }

    function _contains(uint256[] memory keys, uint256 key) private pure returns (bool) {
        for (uint256 i = 0; i < keys.length; i++) {
            if (keys[i] == key) return true;
        }
        return false;
    }
}
