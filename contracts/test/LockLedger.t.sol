// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IAccessControl} from "@openzeppelin/contracts/access/IAccessControl.sol";
import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {EternoToken} from "../src/EternoToken.sol";
import {LockLedger} from "../src/LockLedger.sol";
import {Test} from "./utils/Test.sol";

/// @notice Crediting, linear release, claims and funding of the lock ledger.
contract LockLedgerTest is Test {
    address private writer = address(0x11);
    address private alice = address(0xA11CE);
    address private bob = address(0xB0B);
    EternoToken private etro;
    LockLedger private ledger;

    event Credited(
        address indexed user, address indexed writer, uint256 indexed index, uint256 amount, uint64 start, uint64 duration
    );
    event Claimed(address indexed user, uint256 amount);

    function setUp() public {
        vm.warp(1_000_000);
        etro = new EternoToken("ETERNO", "ETRO", 100_000_000e18, address(this));
        ledger = new LockLedger(etro, address(this));
        ledger.grantRole(ledger.WRITER_ROLE(), writer);
        require(etro.transfer(writer, 10_000_000e18), "fund writer");
    }

    /// @dev The writer funds the ledger with `amount` and credits it to `user`.
    function _credit(address user, uint256 amount, uint64 start, uint64 duration) private returns (uint256 index) {
        vm.startPrank(writer);
        require(etro.transfer(address(ledger), amount), "fund ledger");
        index = ledger.credit(user, amount, start, duration);
        vm.stopPrank();
    }

    function _now() private view returns (uint64) {
        return uint64(block.timestamp);
    }

    function test_ConstructorRejectsZeroAddresses() public {
        vm.expectRevert(LockLedger.ZeroAddress.selector);
        new LockLedger(IERC20(address(0)), address(this));
        vm.expectRevert(LockLedger.ZeroAddress.selector);
        new LockLedger(etro, address(0));
    }

    function test_AdminIsSetAndWriterRoleIsNamed() public view {
        assertTrue(ledger.hasRole(ledger.DEFAULT_ADMIN_ROLE(), address(this)), "admin");
        assertEq(ledger.WRITER_ROLE(), keccak256("WRITER_ROLE"), "role id");
        assertEq(address(ledger.ETRO()), address(etro), "token");
    }

    function test_CreditRequiresWriterRole() public {
        require(etro.transfer(address(ledger), 1e18), "fund");
        bytes32 role = ledger.WRITER_ROLE();
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(IAccessControl.AccessControlUnauthorizedAccount.selector, alice, role));
        ledger.credit(alice, 1e18, _now(), 0);
    }

    function test_CreditRevertsWhenUnfunded() public {
        _credit(alice, 100e18, _now(), 1 days);
        vm.prank(writer);
        require(etro.transfer(address(ledger), 10e18), "partial funding");
        vm.prank(writer);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.Unfunded.selector, 111e18, 110e18));
        ledger.credit(bob, 11e18, _now(), 1 days);
    }

    function test_CreditRejectsZeroAmountAndZeroUser() public {
        vm.startPrank(writer);
        vm.expectRevert(LockLedger.ZeroAmount.selector);
        ledger.credit(alice, 0, _now(), 0);
        vm.expectRevert(LockLedger.ZeroAddress.selector);
        ledger.credit(address(0), 1, _now(), 0);
        vm.stopPrank();
    }

    function test_CreditEmitsAndRecordsTheEntry() public {
        vm.prank(writer);
        require(etro.transfer(address(ledger), 100e18), "fund");
        vm.expectEmit(address(ledger));
        emit Credited(alice, writer, 0, 100e18, _now(), 1 days);
        vm.prank(writer);
        assertEq(ledger.credit(alice, 100e18, _now(), 1 days), 0, "first index");

        assertEq(ledger.entryCount(alice), 1, "count");
        LockLedger.Entry memory e = ledger.entryAt(alice, 0);
        assertEq(uint256(e.amount), 100e18, "amount");
        assertEq(uint256(e.start), block.timestamp, "start");
        assertEq(uint256(e.duration), 1 days, "duration");
        assertEq(ledger.credited(alice), 100e18, "credited");
        assertEq(ledger.locked(alice), 100e18, "all locked");
        assertEq(ledger.claimable(alice), 0, "nothing claimable");
        assertEq(uint256(ledger.totalCredited()), 100e18, "total credited");
    }

    function test_EntryAtRevertsOutOfRange() public {
        vm.expectRevert(abi.encodeWithSelector(LockLedger.EntryOutOfRange.selector, alice, 0, 0));
        ledger.entryAt(alice, 0);
    }

    function test_ReleasesLinearlyOver24Hours() public {
        _credit(alice, 240e18, _now(), 24 hours);
        vm.warp(block.timestamp + 6 hours);
        assertEq(ledger.claimable(alice), 60e18, "a quarter after 6 h");
        assertEq(ledger.locked(alice), 180e18, "three quarters locked");

        vm.expectEmit(address(ledger));
        emit Claimed(alice, 60e18);
        vm.prank(alice);
        assertEq(ledger.claim(), 60e18, "claim pays the released part");
        assertEq(etro.balanceOf(alice), 60e18, "alice received");
        assertEq(ledger.claimable(alice), 0, "nothing left to claim now");

        vm.warp(block.timestamp + 18 hours);
        assertEq(ledger.claimable(alice), 180e18, "the rest after 24 h");
        assertEq(ledger.locked(alice), 0, "nothing locked");
        vm.prank(alice);
        ledger.claim();
        assertEq(etro.balanceOf(alice), 240e18, "all paid");
        (uint256 c, uint256 r, uint256 p) = ledger.summaryOf(alice);
        assertEq(c, 240e18, "summary credited");
        assertEq(r, 240e18, "summary released");
        assertEq(p, 240e18, "summary claimed");

        vm.warp(block.timestamp + 365 days);
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NothingToClaim.selector, alice));
        ledger.claim();
    }

    function test_ZeroDurationIsClaimableAtOnce() public {
        _credit(alice, 5e18, _now(), 0);
        assertEq(ledger.claimable(alice), 5e18, "claimable at once");
        vm.prank(alice);
        ledger.claim();
        assertEq(etro.balanceOf(alice), 5e18, "paid");
    }

    function test_FutureStartReleasesNothingBeforeIt() public {
        _credit(alice, 100e18, _now() + 1 days, 1 days);
        vm.warp(block.timestamp + 1 days);
        assertEq(ledger.claimable(alice), 0, "not started");
        vm.prank(alice);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NothingToClaim.selector, alice));
        ledger.claim();
        vm.warp(block.timestamp + 12 hours);
        assertEq(ledger.claimable(alice), 50e18, "half after half the duration");
    }

    function test_PastStartIsPartlyReleasedAlready() public {
        _credit(alice, 100e18, _now() - 3 days, 4 days);
        assertEq(ledger.claimable(alice), 75e18, "three quarters of the way");
    }

    function test_EntriesOfDifferentDurationsAddUp() public {
        _credit(alice, 100e18, _now(), 10 days);
        _credit(alice, 30e18, _now(), 1 days);
        _credit(alice, 7e18, _now(), 0);
        vm.warp(block.timestamp + 1 days);
        // 10 + 30 + 7
        assertEq(ledger.claimable(alice), 47e18, "after one day");
        vm.prank(alice);
        ledger.claim();
        vm.warp(block.timestamp + 4 days);
        assertEq(ledger.claimable(alice), 40e18, "four more days of the long entry");
        assertEq(ledger.locked(alice), 50e18, "half of the long entry locked");
        vm.warp(block.timestamp + 30 days);
        vm.prank(alice);
        ledger.claim();
        assertEq(etro.balanceOf(alice), 137e18, "everything paid");
        assertEq(ledger.entriesOf(alice).length, 3, "entries kept as records");
    }

    function test_ClaimFoldsFinishedEntriesWithoutChangingFigures() public {
        _credit(alice, 10e18, _now(), 1 hours);
        _credit(alice, 20e18, _now(), 2 hours);
        _credit(alice, 40e18, _now(), 10 hours);
        vm.warp(block.timestamp + 5 hours);
        uint256 before = ledger.claimable(alice);
        // 10 + 20 + 40 * 5 / 10
        assertEq(before, 50e18, "released before the claim");
        vm.prank(alice);
        assertEq(ledger.claim(), before, "claim pays the view's figure");
        _credit(alice, 8e18, _now(), 0);
        assertEq(ledger.claimable(alice), 8e18, "new entry after folding");
        assertEq(ledger.released(alice), 58e18, "released total unchanged by folding");
    }

    function test_UsersAreIndependent() public {
        _credit(alice, 10e18, _now(), 0);
        _credit(bob, 20e18, _now(), 2 days);
        assertEq(ledger.claimable(alice), 10e18, "alice");
        assertEq(ledger.claimable(bob), 0, "bob");
        vm.prank(bob);
        vm.expectRevert(abi.encodeWithSelector(LockLedger.NothingToClaim.selector, bob));
        ledger.claim();
    }

    function testFuzz_ReleasedNeverExceedsCredited(uint256 amount, uint64 duration, uint256 elapsed) public {
        amount = bound(amount, 1, 1_000_000e18);
        duration = uint64(bound(duration, 0, 400 days));
        elapsed = bound(elapsed, 0, 800 days);
        _credit(alice, amount, _now(), duration);
        vm.warp(block.timestamp + elapsed);
        uint256 expected = elapsed >= duration ? amount : amount * elapsed / duration;
        assertEq(ledger.released(alice), expected, "linear release");
        assertLe(ledger.released(alice), ledger.credited(alice), "released <= credited");
        assertEq(ledger.locked(alice) + ledger.claimable(alice), amount, "locked + claimable");
    }

    function testFuzz_ClaimsAtAnyTimesPayExactlyTheCredit(uint256 amount, uint256[4] memory steps) public {
        amount = bound(amount, 1, 1_000_000e18);
        _credit(alice, amount, _now(), 24 hours);
        for (uint256 i = 0; i < steps.length; i++) {
            vm.warp(block.timestamp + bound(steps[i], 0, 12 hours));
            if (ledger.claimable(alice) > 0) {
                vm.prank(alice);
                ledger.claim();
            }
            assertLe(etro.balanceOf(alice), amount, "never paid more than credited");
        }
        vm.warp(block.timestamp + 24 hours);
        if (ledger.claimable(alice) > 0) {
            vm.prank(alice);
            ledger.claim();
        }
        assertEq(etro.balanceOf(alice), amount, "all paid in the end");
        assertEq(etro.balanceOf(address(ledger)), 0, "ledger empty");
    }
}
