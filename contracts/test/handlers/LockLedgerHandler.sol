// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {EternoToken} from "../../src/EternoToken.sol";
import {LockLedger} from "../../src/LockLedger.sol";
import {Test} from "../utils/Test.sol";

/// @notice Drives the ledger as its two writers (a swap writer and a stake writer: funded credits of a few
///         durations, revocations), as its users (claims) and as its owner (claim fees, fee receiver,
///         writer proposals, executions, cancellations and removals of a third writer), moving time forward.
///         Keeps its own record of every entry and computes the released amounts independently.
contract LockLedgerHandler is Test {
    LockLedger public immutable ledger;
    EternoToken public immutable etro;
    address public immutable owner;
    address public constant SWAP_WRITER = address(0x5A);
    address public constant STAKE_WRITER = address(0x57);
    address public constant SPARE_WRITER = address(0x99);
    address[] public users;
    address[2] public receivers = [address(0xFEE1), address(0xFEE2)];

    /// @dev What the handler credited.
    struct GhostEntry {
        uint256 amount;
        uint256 start;
        uint256 duration;
        uint256 kind;
        bool revoked;
        uint256 kept;
        uint256 index;
    }

    mapping(address user => GhostEntry[] entries) private _ghostEntries;
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
    ///      changes and time included). A violation reverts, which fails the run (fail-on-revert).
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
        amount = bound(amount, 1, 100_000e18);
        uint64[5] memory durations = [uint64(0), 1 hours, 1 days, 3 days, 30 days];
        uint64 duration = durations[durationSeed % 5];
        require(etro.transfer(address(ledger), amount), "fund ledger");
        vm.prank(writer);
        uint256 index = ledger.credit(user, amount, uint64(block.timestamp), duration);
        _ghostEntries[user].push(GhostEntry(amount, block.timestamp, duration, stake ? 1 : 0, false, 0, index));
        ghostCredited[user] += amount;
        credits++;
    }

    function revoke(uint256 userSeed, uint256 entrySeed) external releasedNeverDecreases {
        address user = users[userSeed % users.length];
        GhostEntry[] storage list = _ghostEntries[user];
        if (list.length == 0) return;
        GhostEntry storage e = list[entrySeed % list.length];
        if (e.kind != 1 || e.revoked) return;
        // forge-lint: disable-next-line(block-timestamp)
        bool finished = block.timestamp >= e.start + e.duration;
        uint256 kept;
        if (!finished) {
            uint256 before = _groupLinear(user, e.kind, e.duration, type(uint256).max);
            kept = before - _groupLinear(user, e.kind, e.duration, e.index);
        }
        uint256 writerBefore = etro.balanceOf(STAKE_WRITER);
        vm.prank(STAKE_WRITER);
        uint256 back = ledger.revoke(user, e.index);
        require(etro.balanceOf(STAKE_WRITER) - writerBefore == back, "writer got the remainder");
        if (finished) {
            require(back == 0, "a finished entry has nothing to revoke");
            return;
        }
        require(back == e.amount - kept, "revoked == amount - what the ledger says it kept");
        e.revoked = true;
        e.kept = kept;
        ghostCredited[user] -= back;
        ghostRevoked += back;
        revocations++;
    }

    function claim(uint256 userSeed) external releasedNeverDecreases {
        address user = users[userSeed % users.length];
        (uint256 expected, uint256 expectedFee) = ledger.quoteClaim(user);
        if (expected == 0) return;
        address receiver = ledger.feeReceiver();
        uint256 before = etro.balanceOf(user);
        uint256 receiverBefore = etro.balanceOf(receiver);
        vm.prank(user);
        (uint256 amount, uint256 fee) = ledger.claim();
        require(amount == expected && fee == expectedFee, "claim pays the quote");
        require(etro.balanceOf(user) - before == amount - fee, "user received amount - fee");
        require(etro.balanceOf(receiver) - receiverBefore == fee, "receiver got the fee");
        ghostClaimed[user] += amount;
        ghostReceived[user] += amount - fee;
        ghostTotalClaimed += amount;
        ghostTotalFees += fee;
        claims++;
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
        (bool active,) = ledger.writerOf(SPARE_WRITER);
        (, uint256 executableAt) = ledger.proposalOf(SPARE_WRITER);
        vm.startPrank(owner);
        if (active) {
            ledger.removeWriter(SPARE_WRITER);
        } else if (executableAt == 0) {
            ledger.proposeWriter(SPARE_WRITER, LockLedger.Kind.Swap);
        } else if (action % 2 == 0) {
            ledger.cancelWriter(SPARE_WRITER);
            // forge-lint: disable-next-line(block-timestamp)
        } else if (block.timestamp >= executableAt) {
            ledger.executeWriter(SPARE_WRITER);
        } else {
            vm.expectRevert(abi.encodeWithSelector(LockLedger.ProposalNotReady.selector, SPARE_WRITER, executableAt));
            ledger.executeWriter(SPARE_WRITER);
        }
        vm.stopPrank();
        ownerActions++;
    }

    function warp(uint256 seconds_) external releasedNeverDecreases {
        vm.warp(block.timestamp + bound(seconds_, 1, 3 days));
    }

    /// @dev What the handler's own record says `user` has released at the current time: per (kind, duration)
    ///      group, finished entries in full, revoked ones what they kept, and the open ones' linear share
    ///      rounded down over the group.
    function ghostReleased(address user) external view returns (uint256 sum) {
        GhostEntry[] storage list = _ghostEntries[user];
        uint64[5] memory durations = [uint64(0), 1 hours, 1 days, 3 days, 30 days];
        for (uint256 i = 0; i < list.length; i++) {
            GhostEntry storage e = list[i];
            if (e.revoked) sum += e.kept;
            // forge-lint: disable-next-line(block-timestamp)
            else if (block.timestamp >= e.start + e.duration) sum += e.amount;
        }
        for (uint256 kind = 0; kind < 2; kind++) {
            for (uint256 d = 1; d < 5; d++) {
                sum += _groupLinear(user, kind, durations[d], type(uint256).max);
            }
        }
    }

    /// @dev floor(Σ a·(now − s) / d) over the open, non-revoked entries of one group, leaving out `skip`.
    function _groupLinear(address user, uint256 kind, uint256 duration, uint256 skip) private view returns (uint256) {
        if (duration == 0) return 0;
        GhostEntry[] storage list = _ghostEntries[user];
        uint256 numerator;
        for (uint256 i = 0; i < list.length; i++) {
            GhostEntry storage e = list[i];
            if (e.kind != kind || e.duration != duration || e.revoked || e.index == skip) continue;
            // forge-lint: disable-next-line(block-timestamp)
            if (block.timestamp >= e.start + e.duration) continue;
            numerator += e.amount * (block.timestamp - e.start);
        }
        return numerator / duration;
    }
}
